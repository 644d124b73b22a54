import { freshWebTests, webTestConfig } from './vitest.config.ts';

/** The web test files that must not share a module graph with others (see freshWebTests). */
export default webTestConfig({ name: 'web-fresh', include: freshWebTests });
