/**
 * The zod schemas of the moderators' routes (docs/chat.md, "The moderators' screen"). The paths and
 * answers are in chat.ts, which stays free of zod for the web client.
 */
import { z } from 'zod';

/** `POST MODERATION_API.bar`: bar the reported writer (`on: true`) or lift his bar. */
export const barSchema = z.object({ on: z.boolean() }).strict();

/** A report's id in a path (a UUID as the server makes them). */
export const reportIdSchema = z.string().uuid();
