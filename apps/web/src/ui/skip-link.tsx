import classes from './skip-link.module.css';

/**
 * 'Skip to main content' (WCAG 2.4.1, issue 24): the first Tab stop of a page with a header and a
 * sidebar, hidden until focused. It moves focus to the target (which needs tabIndex -1) rather
 * than adding a hash to the URL, which the router would see as a new location.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a
      href={`#${targetId}`}
      className={classes.link}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
    >
      Skip to main content
    </a>
  );
}
