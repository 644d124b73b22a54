// First, before anything could load zod: z.config({ jitless: true }) without loading zod
// (lib/zod-jitless.ts; the CSP forbids the `new Function` zod would probe for).
import './lib/zod-jitless';
import './app/mantine-styles';
import { startApp } from './app/start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void startApp(container);
