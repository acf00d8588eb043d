import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@nivesh/api-client/testing';
import LandingPage from './LandingPage';

const ANCHORS = [
  { label: 'Idea', id: 'idea' },
  { label: 'How It Thinks', id: 'thinking' },
  { label: 'Modules', id: 'modules' },
  { label: 'Applications', id: 'applications' },
  { label: 'Ethos', id: 'ethos' },
];

function renderLanding() {
  return renderWithProviders(<LandingPage />, { session: null });
}

/**
 * The header's desktop anchors. jsdom applies no media queries, so it shows the phone layout, where
 * this nav is display:none (and has no accessible name); find it by its label attribute instead.
 */
function desktopNav(): HTMLElement {
  const nav = screen.getByRole('banner').querySelector<HTMLElement>('nav[aria-label="Primary"]');
  if (!nav) throw new Error('The header has no Primary navigation');
  return nav;
}

describe('LandingPage', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('has a header whose five anchors point at the five sections, in order', () => {
    renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Nivesh')).toBeInTheDocument();
    const links = within(desktopNav()).getAllByRole('link', { hidden: true });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      ANCHORS.map((anchor) => [anchor.label, `#${anchor.id}`]),
    );
    for (const anchor of ANCHORS) {
      const section = document.getElementById(anchor.id);
      expect(section).not.toBeNull();
      expect(section?.tagName).toBe('SECTION');
      expect(section?.closest('main')).not.toBeNull();
    }
  });

  it('scrolls to the section when an anchor is clicked and puts its id in the address', async () => {
    const { user } = renderLanding();
    const scrollIntoView = jest.spyOn(Element.prototype, 'scrollIntoView');
    await user.click(within(desktopNav()).getByRole('link', { name: 'Modules', hidden: true }));
    const modules = document.getElementById('modules');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(modules);
    expect(modules).toHaveFocus();
    expect(window.location.hash).toBe('#modules');
    scrollIntoView.mockRestore();
  });

  it('shows the hero title as the only h1, with a subtitle', () => {
    renderLanding();
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent(/^See Patterns Before They Become Trends$/);
    expect(screen.getByText(/reads context, adapts its reasoning as conditions change/)).toBeInTheDocument();
  });

  it('explains contextual AI, adaptive logic and explainable insight under How It Thinks', () => {
    renderLanding();
    const thinking = screen.getByRole('region', { name: 'Context in. Reasons out.' });
    expect(thinking).toHaveAttribute('id', 'thinking');
    for (const topic of ['Contextual AI', 'Adaptive Logic', 'Explainable Insight']) {
      expect(within(thinking).getByRole('heading', { level: 3, name: topic })).toBeInTheDocument();
    }
  });

  it.each([
    ['Coding Mind', 'Active'],
    ['Vision', 'Coming Soon'],
    ['Ethics Layer', 'Coming Soon'],
  ])('lists the module %s as %s', (name, status) => {
    renderLanding();
    const modules = document.getElementById('modules') as HTMLElement;
    const card = within(modules).getByRole('article', { name });
    expect(within(card).getByText(status, { exact: true })).toBeInTheDocument();
  });

  it.each([
    ['Coding AI', 'Active'],
    ['News Summarizer', 'Launching Soon'],
    ['Finance & Tax Insight', 'Launching Soon'],
  ])('lists the application %s as %s', (name, status) => {
    renderLanding();
    const applications = document.getElementById('applications') as HTMLElement;
    const card = within(applications).getByRole('article', { name });
    expect(within(card).getByText(status, { exact: true })).toBeInTheDocument();
  });

  it('shows exactly three modules and three applications', () => {
    renderLanding();
    expect(within(document.getElementById('modules') as HTMLElement).getAllByRole('article')).toHaveLength(3);
    expect(
      within(document.getElementById('applications') as HTMLElement).getAllByRole('article'),
    ).toHaveLength(3);
  });

  it('ends with an ethos statement', () => {
    renderLanding();
    const ethos = document.getElementById('ethos') as HTMLElement;
    expect(within(ethos).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Intelligence should earn trust, not ask for it.',
    );
  });

  it('shows the current year in the footer copyright', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Nivesh. All rights reserved.`),
    ).toBeInTheDocument();
  });

  it('takes the footer year from the clock, not from the code', () => {
    jest.useFakeTimers({ now: new Date('2031-06-15T12:00:00Z') });
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('© 2031 Nivesh. All rights reserved.')).toBeInTheDocument();
  });

  it('sends the operator to /login from Sign in', async () => {
    const { user } = renderLanding();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/login');
    await user.click(signIn);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('opens the mobile menu with the five anchors and closes it after a choice', async () => {
    const { user } = renderLanding();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);

    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Sections' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      ANCHORS.map((anchor) => [anchor.label, `#${anchor.id}`]),
    );

    await user.click(within(menu).getByRole('link', { name: 'Applications' }));
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
    expect(document.getElementById('applications')).toHaveFocus();
  });

  it('closes the mobile menu with Escape', async () => {
    const { user } = renderLanding();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('makes no network requests', () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    renderLanding();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
