#!/usr/bin/env node
// Development: the server with reload on :3000 and Vite on :5173 (proxying /api and /socket.io).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@accueil/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@accueil/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
