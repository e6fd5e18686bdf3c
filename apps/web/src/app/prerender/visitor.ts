/**
 * The one script of the pre-rendered public pages (public-pages.tsx): the history buttons of
 * the top bar, and the contact form, made live when the visitor first reaches for it. Everything else on
 * those pages is plain links (sign-up and log-in go to the app's /signup and /login).
 */
import { CONTACT_ISLAND } from './contact-island-id';

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-history]') : null;
  if (button) history.go(Number(button.dataset.history));
});

const island = document.querySelector(`[${CONTACT_ISLAND}]`);
if (island) {
  // Until it is live, pressing Enter must not send the form as a plain GET of this page.
  island.addEventListener('submit', (event) => event.preventDefault());
  const WAKE_EVENTS = ['focusin', 'pointerdown'] as const;
  const wake = () => {
    for (const type of WAKE_EVENTS) island.removeEventListener(type, wake);
    void import('./contact-island').then(({ hydrateContactForm }) => hydrateContactForm(island));
  };
  for (const type of WAKE_EVENTS) island.addEventListener(type, wake);
}
