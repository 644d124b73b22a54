import { config as configureZod } from 'zod/v4/core';
import './app/mantine-styles';
import { startApp } from './app/start';

// zod probes `new Function` for its fast path, which the CSP (script-src 'self') forbids
// (STACK.md). This is z.config({ jitless: true }) through zod's core, which holds the one shared
// setting: importing `z` here would put all of zod into the first download.
configureZod({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void startApp(container);
