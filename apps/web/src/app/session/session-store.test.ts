import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, createMemoryStorage } from '@/lib/storage';
import { createSessionStore } from './session-store';

const TOKENS = {
  accessToken: 'access-secret',
  refreshToken: 'refresh-secret',
  expiresIn: 300,
  userId: 4,
};

describe('session store', () => {
  it('keeps tokens in memory only and the non-secret flags in storage', () => {
    const storage = createMemoryStorage();
    const session = createSessionStore({ storage, now: () => 1_000 });
    session.signIn(TOKENS);
    expect(session.isAuthenticated()).toBe(true);
    expect(session.getAccessToken()).toBe('access-secret');
    expect(session.getAccessTokenExpiresAt()).toBe(301_000);
    const stored = storage.get(STORAGE_KEYS.session) ?? '';
    expect(JSON.parse(stored)).toEqual({ isAuthed: true });
    expect(stored).not.toContain('secret');
  });

  it('remembers isAuthed across a reload but not the token, so the session is not usable yet', () => {
    const storage = createMemoryStorage();
    createSessionStore({ storage }).signIn(TOKENS);
    const reloaded = createSessionStore({ storage });
    expect(reloaded.getState().isAuthed).toBe(true);
    expect(reloaded.isAuthenticated()).toBe(false);
    expect(reloaded.getAccessToken()).toBeUndefined();
  });

  it('uses the initial path once', () => {
    const session = createSessionStore({ storage: createMemoryStorage() });
    session.setInitialPath('/statements');
    expect(session.takeInitialPath()).toBe('/statements');
    expect(session.takeInitialPath()).toBeUndefined();
  });

  it('forgets everything when the session ends, and says why', () => {
    const storage = createMemoryStorage();
    const session = createSessionStore({ storage });
    let notified = 0;
    session.subscribe(() => (notified += 1));
    session.signIn(TOKENS);
    session.setSeiPath('/auth/sei');
    session.setCustomerId(9);
    session.saveCodeVerifier('v'.repeat(128));
    session.end('expired');
    expect(session.isAuthenticated()).toBe(false);
    expect(session.getAccessToken()).toBeUndefined();
    expect(session.getRefreshToken()).toBeUndefined();
    expect(session.getState()).toMatchObject({
      isAuthed: false,
      seiPath: undefined,
      customerId: undefined,
      endReason: 'expired',
    });
    expect(session.readCodeVerifier()).toBeUndefined();
    expect(notified).toBe(4); // signIn, setSeiPath, setCustomerId, end
  });

  it('survives broken stored state', () => {
    const storage = createMemoryStorage();
    storage.set(STORAGE_KEYS.session, '{not json');
    expect(createSessionStore({ storage }).getState().isAuthed).toBe(false);
  });
});
