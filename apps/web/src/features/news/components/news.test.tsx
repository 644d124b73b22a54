import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { demoCustomer } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const ok = (body: Record<string, unknown>) => ({
  body: { responseCode: '00', responseDescription: 'OK', ...body },
});

const signedIn = {
  prepareSession: (session: {
    signIn: (tokens: { accessToken: string; expiresIn: number }) => void;
  }) => session.signIn({ accessToken: 'tok', expiresIn: 300 }),
};

const TERMS = {
  id: 5,
  title: 'New terms from 1 May',
  body: 'Our terms change on 1 May.\n\nPlease accept them to keep using your cards.',
  publishedAt: '2026-03-02T09:00:00Z',
  isRead: false,
  requiresConfirmation: true,
  choice: null,
};
const WELCOME = {
  id: 4,
  title: 'Welcome to the new online banking',
  body: 'Everything in one place.',
  publishedAt: '2026-02-01T09:00:00Z',
  isRead: true,
  requiresConfirmation: false,
  choice: null,
};

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server that keeps the announcements' state, as the real one does. */
async function renderNews(path: string, extra: Routes = {}) {
  const state = new Map([TERMS, WELCOME].map((item) => [item.id, { ...item }]));
  server = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer() }),
    'POST /api/main/?getAnnouncements': () => ok({ announcements: [...state.values()] }),
    'POST /api/main/?getAnnouncement': (request) => {
      const { id } = request.body as { id: number };
      const item = state.get(id);
      if (!item)
        return {
          status: 404,
          body: { responseCode: 'ENOA', responseDescription: 'Announcement not found' },
        };
      item.isRead = true;
      return ok({ announcement: item });
    },
    'POST /api/main/?answerAnnouncement': (request) => {
      const { id, choice } = request.body as { id: number; choice: 'accept' | 'decline' };
      const item = state.get(id);
      if (!item)
        return {
          status: 404,
          body: { responseCode: 'ENOA', responseDescription: 'Announcement not found' },
        };
      item.choice = choice as never;
      return ok({ announcement: item });
    },
    ...extra,
  });
  const view = await renderApp({ path, apiBaseUrl: server.url, ...signedIn });
  return { ...view, api: server };
}

describe('news', () => {
  it('lists the announcements with the unread one marked, and counts it in the navigation', async () => {
    await renderNews('/news');
    const list = await screen.findByRole('list', { name: 'Announcements' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveTextContent('Unread: New terms from 1 May');
    expect(first).toHaveTextContent('Awaiting your answer');
    expect(first).toHaveAttribute('href', '/news/5');
    expect(second).not.toHaveTextContent('Unread');
    expect(screen.getByText('Unread: 1')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'News unread: 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('opens an announcement, marks it read, and records an acceptance', async () => {
    const { user, api } = await renderNews('/news');
    await user.click(await screen.findByRole('link', { name: /New terms from 1 May/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New terms from 1 May' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please accept them to keep using your cards.')).toBeInTheDocument();
    // Read now: the navigation's count is gone.
    await waitFor(() => expect(screen.getByRole('link', { name: 'News' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('status', { name: 'You accepted' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(
      api.requests.find((request) => request.path === '/api/main/?answerAnnouncement')?.body,
    ).toMatchObject({
      id: 5,
      choice: 'accept',
    });
    await user.click(screen.getByRole('link', { name: /All news/ }));
    const list = await screen.findByRole('list', { name: 'Announcements' });
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Accepted');
  });

  it('records a refusal and shows it', async () => {
    const { user, api } = await renderNews('/news/5');
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('status', { name: 'You declined' })).toBeInTheDocument();
    expect(
      api.requests.find((request) => request.path === '/api/main/?answerAnnouncement')?.body,
    ).toMatchObject({
      choice: 'decline',
    });
  });

  it('shows a refused answer in the error popup and keeps the buttons', async () => {
    const { user } = await renderNews('/news/5', {
      'POST /api/main/?answerAnnouncement': () => ({
        status: 400,
        body: { responseCode: 'TA1', responseDescription: 'Already answered' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('dialog', { name: 'Already answered' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it('offers no answer for an announcement that asks for none', async () => {
    await renderNews('/news/4');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to the new online banking' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('says so when the announcement does not exist', async () => {
    await renderNews('/news/99');
    expect(await screen.findByText('Announcement not found')).toBeInTheDocument();
  });
});
