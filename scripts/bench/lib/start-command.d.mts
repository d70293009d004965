/** What `npm start` runs: node's flags, and the entry from the repository's root (start-command.mjs). */
export function startCommand(): { flags: string[]; entry: string };
