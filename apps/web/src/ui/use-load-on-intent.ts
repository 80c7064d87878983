import { useRef, useState } from 'react';

/** What a look-alike trigger takes: the props before loading, `autoFocus` for the real one after. */
export interface IntentTriggerProps {
  /** Marks the look-alike, until the real widget replaces it (tests wait for that). */
  'data-look-alike'?: true;
  'aria-haspopup'?: 'menu' | 'listbox';
  'aria-expanded'?: boolean;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
  onPointerDown?: () => void;
  onClick?: () => void;
  autoFocus?: boolean;
}

const loadedModules = new Map<() => Promise<unknown>, unknown>();

/**
 * A menu or select whose code (Mantine's Menu, Combobox, Popover and floating-ui) loads on the
 * first sign the user means to open it, not with every page (issue 10: first-load weight). The
 * page renders a look-alike trigger with `triggerProps`: a real control, so it takes focus and
 * keys, that tells assistive technology it opens a `popup`. Pointing at it or focusing it starts
 * the loading; pressing or clicking it (or Enter or Space) also asks for it to open. Once the
 * code is in, `loaded` holds the module and the page renders the real widget instead, opened if
 * asked (`openOnLoad`) and focused if the trigger had focus (`focusOnLoad`). Modules stay
 * loaded, so a widget mounted again renders the real one at once. `load` must be a stable
 * function (declare it at module level).
 */
export function useLoadOnIntent<T>(load: () => Promise<T>, popup: 'menu' | 'listbox') {
  const [loaded, setLoaded] = useState<T | null>(() => (loadedModules.get(load) as T | undefined) ?? null);
  const loading = useRef(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focusOnLoad, setFocusOnLoad] = useState(false);

  const start = () => {
    if (loading.current || loaded) return;
    loading.current = true;
    load().then(
      (module) => {
        loadedModules.set(load, module);
        setLoaded(module);
      },
      // A failed fetch (offline, a new release replaced the chunk) leaves the trigger in place;
      // the next pointing, focus or click tries again.
      () => {
        loading.current = false;
      },
    );
  };

  const triggerProps: IntentTriggerProps = {
    'data-look-alike': true,
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: start,
    onFocus: () => {
      setFocusOnLoad(true);
      start();
    },
    onBlur: () => setFocusOnLoad(false),
    // A press already asks to open: the code may arrive between press and release, and the
    // release then lands on the real trigger, whose click would not count.
    onPointerDown: () => {
      setOpenOnLoad(true);
      start();
    },
    onClick: () => {
      setOpenOnLoad(true);
      start();
    },
  };
  return { loaded, openOnLoad, focusOnLoad, triggerProps };
}
