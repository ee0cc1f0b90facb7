/**
 * Whether the signed-in player is one of the server's moderators (docs/chat.md): the header shows the link
 * to the moderators' screen only then. Asked once per signed-in name (GET /api/moderation/me); a guest
 * asks nothing.
 */
import { MODERATION_API, type ModeratorResponse } from '@stich/protocol/chat';
import { useEffect, useState } from 'react';
import { addTexts } from './i18n/index.ts';
import { MODERATION_LINK_DE, MODERATION_LINK_EN } from './i18n/moderation.ts';
import { playerToken, signedInAs } from './net.ts';

/** The link's text, added when first needed: this module loads before i18next is set up (main.tsx). */
let texts = false;
function addLinkTexts(): void {
  if (texts) return;
  texts = true;
  addTexts({ moderationLink: MODERATION_LINK_DE }, { moderationLink: MODERATION_LINK_EN });
}

/** The answer per signed-in name, so that the header does not ask on every render. */
const known = new Map<string, Promise<boolean>>();

function ask(name: string): Promise<boolean> {
  let p = known.get(name);
  if (!p) {
    const token = playerToken();
    p = fetch(MODERATION_API.me, {
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    })
      .then(async (r) => r.ok && ((await r.json()) as ModeratorResponse).moderator === true)
      .catch(() => {
        // Not answered (offline): asked again at the next mount.
        known.delete(name);
        return false;
      });
    known.set(name, p);
  }
  return p;
}

/** True once the server said the signed-in player is a moderator. */
export function useModerator(): boolean {
  const name = signedInAs();
  const [yes, setYes] = useState(false);
  useEffect(() => {
    let gone = false;
    if (name)
      void ask(name).then((v) => {
        if (v) addLinkTexts();
        if (!gone) setYes(v);
      });
    else setYes(false);
    return () => {
      gone = true;
    };
  }, [name]);
  return yes;
}
