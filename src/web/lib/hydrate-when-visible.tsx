import { memo, use, useContext, useSyncExternalStore, type ComponentType } from 'react';
import { UNSAFE_DataRouterContext as DataRouterContext } from 'react-router';
import { PagePart } from './part-boundary';
import { whenIdle } from './when-idle';

/** How far below the viewport a part starts loading its code, so it is ready when it scrolls in. */
const LOAD_MARGIN = '200px 0px';
/** The longest a part waits for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 3000;

/** Every deferred component's loader, for the server (see loadDeferredComponents). */
const registry: Array<() => Promise<void>> = [];

/**
 * Server rendering awaits this before rendering a page: a deferred component that suspended there would be
 * sent as a hidden part moved into place by an inline script, which a visitor without JavaScript never
 * sees. Resolved promises after the first request.
 */
export async function loadDeferredComponents(): Promise<void> {
  await Promise.all(registry.map((preload) => preload()));
}

/** Parts still waiting for the viewport, each with the function that ends its wait. */
const waitingParts = new Set<() => void>();
let watchedRouter: unknown;
/**
 * Set by the visitor's first tap or key: a part that React reaches only after that (hydration yields, so a
 * key can come between two parts) does not wait for the viewport either.
 */
let visitorWoke = false;
/**
 * The idle wake (wakeOneWhenIdle) found no part waiting and stopped: a part that React reaches later starts it
 * again. (Before the page has loaded it has not started, and a part waits for it.)
 */
let idleWakeStopped = false;

/** Ends every part's wait: their code loads and React hydrates them. */
function wakeAll(): void {
  for (const wake of [...waitingParts]) wake();
}

/**
 * At the browser's next idle moment, ends the wait of the first part still waiting (in the order of the
 * page), then waits for the next idle moment for the next part. Each part then hydrates in tasks of its own,
 * so a visitor's tap never queues behind all of them at once (together they are long tasks on a slow phone).
 */
function wakeOneWhenIdle(): void {
  idleWakeStopped = false;
  whenIdle(() => {
    const [first] = waitingParts;
    if (!first) {
      idleWakeStopped = true;
      return;
    }
    first();
    wakeOneWhenIdle();
  }, IDLE_TIMEOUT_MS);
}

/**
 * The visitor's first tap, click or key ends every part's wait. Once the page has loaded, the parts also stop
 * waiting one at a time, one at each idle moment of the browser (wakeOneWhenIdle), so the first view's code
 * and work come first and the rest follows while the visitor reads. A navigation on the page (a link to one
 * of its anchors, a filter) must hydrate the parts still waiting before it can show anything (see
 * wakeOnRouterChange); had their code not arrived by then, React would render them afresh, without their
 * server HTML, for that moment.
 */
function wakeOnVisitorOrIdle(): void {
  const wakeForGood = () => {
    visitorWoke = true;
    wakeAll();
  };
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) {
    window.addEventListener(type, wakeForGood, { capture: true, once: true, passive: true });
  }
  if (document.readyState === 'complete') wakeOneWhenIdle();
  else window.addEventListener('load', wakeOneWhenIdle, { once: true });
}

// From the moment this module runs, before React hydrates anything: a key pressed while hydration is under
// way counts too.
if (typeof window !== 'undefined') wakeOnVisitorOrIdle();

/**
 * Any change of the router's state (a navigation, a revalidation, a fetcher) reaches the parts still
 * waiting through React Router's context, and React must then hydrate them before it can show the change:
 * they stop waiting for the viewport and load at once, so the change waits for their code, never for a
 * scroll.
 */
function wakeOnRouterChange(router: { subscribe(listener: () => void): () => void }): void {
  if (watchedRouter === router) return;
  watchedRouter = router;
  router.subscribe(wakeAll);
}

const subscribeToNothing = () => () => {};
/** True while React hydrates server HTML (it reads the server snapshot then), false in a client render. */
const useHydrating = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );

export interface DeferredComponent<P extends object> {
  /** Renders like the loaded component; see hydrateWhenVisible. */
  Component: ComponentType<P>;
  /** Loads the code now (a client navigation to the page waits for it in its route's clientLoader). */
  preload(): Promise<void>;
}

/**
 * A below-the-fold part of a server-rendered page whose code is not in the page's first download
 * (ADR 0024). The server renders it in full and in place. In the browser, hydration leaves its server HTML
 * exactly as it is (a suspended Suspense boundary keeps its server content; links and plain forms in it
 * already work) until the element with `anchorId` comes near the viewport; then its code loads and React
 * hydrates it, or earlier: at the visitor's first tap, click or key, or once the page has loaded and the
 * browser is idle (so the first view's code and work come first, and the rest follows).
 *
 * Any update that reaches the part before that ends the wait, because React must then hydrate it first:
 * new props (the memo compares them shallowly, so a re-render with equal props changes nothing) or a change
 * of the router's state. So does a client render (a navigation to the page), or a page without that
 * element. Meant for one instance per page.
 */
export function hydrateWhenVisible<P extends object>(
  anchorId: string,
  load: () => Promise<ComponentType<P>>,
): DeferredComponent<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  /** The wait of the first hydration; React renders a suspended part again (replays, prerenders) meanwhile. */
  let waiting: { until: Promise<void>; wake: () => void } | undefined;

  const preload = () =>
    (loading ??= load().then((component) => {
      Loaded = component;
    }));
  registry.push(preload);

  function waitForViewport() {
    let wake = () => {};
    const until = new Promise<void>((resolve) => {
      const element = document.getElementById(anchorId);
      if (visitorWoke || !element || typeof IntersectionObserver === 'undefined') return resolve();
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) wake();
        },
        { rootMargin: LOAD_MARGIN },
      );
      observer.observe(element);
      wake = () => {
        observer.disconnect();
        waitingParts.delete(wake);
        resolve();
      };
      waitingParts.add(wake);
      if (idleWakeStopped) wakeOneWhenIdle();
    }).then(preload);
    return { until, wake: () => wake() };
  }

  /** What the browser's Gate suspended on first (settled once it renders the part). */
  let awaited: Promise<void> | undefined;

  function Gate(props: P) {
    const hydrating = useHydrating();
    const dataRouter = useContext(DataRouterContext);
    if (typeof document === 'undefined') {
      // The server has loaded everything already (loadDeferredComponents).
      if (!Loaded) use(preload());
    } else {
      if (!Loaded && !awaited) {
        if (hydrating) {
          if (dataRouter) wakeOnRouterChange(dataRouter.router);
          waiting ??= waitForViewport();
          awaited = waiting.until;
        } else awaited = preload();
      }
      // Asked again in every later render, settled by then: React requires a render that suspended on use()
      // to call it again when it completes (React's development build reports it otherwise).
      if (awaited) use(awaited);
    }
    const Component = Loaded!;
    return <Component {...props} />;
  }

  let rendered = false;
  const Deferred = memo(function Deferred(props: P) {
    // Memo renders this again only for new props: a part still waiting must be hydrated for them.
    if (rendered) waiting?.wake();
    rendered = true;
    // A part whose render throws is left out, on the server (its Suspense boundary) and in the browser
    // (PartErrorBoundary); the rest of the page stands.
    return (
      <PagePart>
        <Gate {...props} />
      </PagePart>
    );
  });
  Deferred.displayName = `HydrateWhenVisible(${anchorId})`;

  return { Component: Deferred as unknown as ComponentType<P>, preload };
}
