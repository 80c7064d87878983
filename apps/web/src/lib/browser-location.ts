/**
 * Full-page navigation away from the SPA (to the sign-in provider or the legacy app). One
 * indirection so component tests can watch where the app would go: jsdom cannot navigate.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
