#!/usr/bin/env node
// Node runs the TypeScript sources directly (type stripping, Node >= 22.18).
import '../src/main.ts';
