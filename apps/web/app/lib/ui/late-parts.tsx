// Parts of a page the server draws in full whose code arrives after the page's first-load files
// (the deep-link modals, the home page's tabs, the member's header controls, the error page;
// first-load JS, docs/performance.md). React hydrates such a part only once its file has loaded,
// and until then it drops a click on the server's markup (React attempts to hydrate the part at
// once, cannot, and stops the event). Two things close that gap (docs/decisions.md "Clicks before
// code, and journeys without a date"):
// - a click on a button of a part still waiting for its code is kept and sent again, to the same
//   button, once the part has hydrated (the last such click; links and submit buttons are left
//   alone, the browser itself follows or submits them);
// - the page's hydration mark (`<html data-hydrated>`, root.tsx) waits until every part drawn by
//   the server has hydrated, so browser journeys and monitors are told the truth.
import { createContext, lazy, Suspense, use, useEffect, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';

interface Part {
  done: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

/** A part that never hydrates (its file failed, it was removed first) stops holding the page back. */
const PART_MAX_WAIT_MS = 15_000;

const pending = new Set<Part>();
let waiters: Array<() => void> = [];
let settleTimer: ReturnType<typeof setTimeout> | undefined;

function register(part: Part) {
  if (part.done || pending.has(part)) return;
  pending.add(part);
  part.timer = setTimeout(() => finish(part), PART_MAX_WAIT_MS);
}

function finish(part: Part) {
  part.done = true;
  clearTimeout(part.timer);
  if (pending.delete(part)) checkSettled();
}

function forget(part: Part) {
  clearTimeout(part.timer);
  if (pending.delete(part)) checkSettled();
}

/**
 * Settled: no part is waiting for its code. Checked a task later, after the commit that hydrated
 * the last part and the renders it started (a part inside it registers in that commit's layout
 * phase; a portal moves its content in a re-render right after).
 */
function checkSettled() {
  clearTimeout(settleTimer);
  if (pending.size) return;
  settleTimer = setTimeout(() => {
    if (pending.size) return;
    replayKeptClick();
    const ready = waiters;
    waiters = [];
    for (const w of ready) w();
  }, 0);
}

/** Calls `done` once no part drawn by the server is still waiting for its code. */
export function whenPartsSettled(done: () => void): void {
  waiters.push(done);
  checkSettled();
}

/** Whether a part is still waiting for its code (tests). */
export function partsPending(): number {
  return pending.size;
}

// --- Clicks kept until the part's code has arrived ---------------------------------------------

interface KeptClick {
  element: HTMLElement;
  signature: string;
  ordinal: number;
}

let candidate: Event | null = null;
let kept: KeptClick | null = null;

/** A control whose click does nothing by itself: a link or a submit button needs no replay. */
function replayable(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest<HTMLElement>('button, [role="button"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="switch"]');
  if (!control) return null;
  if (control instanceof HTMLButtonElement && control.type !== 'button') return null;
  if (control.closest('a[href], label')) return null;
  return control;
}

function signature(element: Element): string {
  return [element.tagName, element.getAttribute('role') ?? '', element.getAttribute('aria-label') ?? '', (element.textContent ?? '').trim().replace(/\s+/g, ' ')].join('|');
}

function alike(sig: string, tag: string): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>(tag)).filter((e) => signature(e) === sig);
}

function keep(event: Event) {
  const element = replayable(event.target);
  if (!element) return;
  const sig = signature(element);
  kept = { element, signature: sig, ordinal: Math.max(0, alike(sig, element.tagName).indexOf(element)) };
}

/**
 * Sends the kept click to its button: the same element when hydration kept it, else (a dialog
 * that moved into a portal as it hydrated) the button with the same name in the same place.
 */
function replayKeptClick(tries = 20) {
  const click = kept;
  if (!click) return;
  const element = click.element.isConnected ? click.element : (alike(click.signature, click.element.tagName)[click.ordinal] ?? null);
  // A window moving into its portal mounts it a render or two later: look again for up to a second.
  if (!element && tries > 0) {
    setTimeout(() => replayKeptClick(tries - 1), 50);
    return;
  }
  kept = null;
  if (!element || element.matches(':disabled, [aria-disabled="true"]')) return;
  const box = element.getBoundingClientRect();
  const at = { bubbles: true, cancelable: true, composed: true, view: window, button: 0, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
  const pointer = { ...at, pointerId: 1, pointerType: 'mouse', isPrimary: true };
  // Widgets open on the press (menus) or on the click (buttons, dialogs): both are sent, as a mouse would.
  const Pointer = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
  element.dispatchEvent(new Pointer('pointerdown', { ...pointer, buttons: 1 }));
  element.dispatchEvent(new MouseEvent('mousedown', { ...at, buttons: 1 }));
  element.focus({ preventScroll: true });
  element.dispatchEvent(new Pointer('pointerup', { ...pointer, buttons: 0 }));
  element.dispatchEvent(new MouseEvent('mouseup', { ...at, buttons: 0 }));
  element.click();
}

let listening = false;

/**
 * React listens on the document; a click it cannot deliver yet is stopped there, so it never
 * reaches <html>. A click seen by the window while a part waits, but not by <html>, was dropped.
 */
function listen() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || pending.size === 0) return;
      candidate = event;
      setTimeout(() => {
        if (candidate !== event) return;
        candidate = null;
        keep(event);
      }, 0);
    },
    true,
  );
  document.documentElement.addEventListener(
    'click',
    (event) => {
      if (event === candidate) candidate = null;
    },
    true,
  );
}

// --- The component -------------------------------------------------------------------------------

const PartContext = createContext<Part | null>(null);

/**
 * A component drawn by the server whose code the browser fetches when hydration reaches it (as
 * React.lazy), with its Suspense boundary. `onServer` gives the module the server already holds
 * (rendered at once there, without suspending); the browser always goes through the lazy load.
 * `fallback` is what a part first drawn in the browser shows until its code arrives (nothing).
 */
export function latePart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { onServer?: () => ComponentType<P> | null; fallback?: (props: P) => ReactNode } = {},
): ComponentType<P> {
  const { onServer, fallback } = options;
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;

  function Hydrated(props: P) {
    const part = use(PartContext);
    // Runs once the part's own code has hydrated it (after its children's effects).
    useEffect(() => {
      if (part) finish(part);
    }, [part]);
    const Server = typeof window === 'undefined' ? onServer?.() : null;
    return Server ? <Server {...props} /> : <Lazy {...props} />;
  }

  return function LatePart(props: P) {
    const [part] = useState<Part>(() => ({ done: false }));
    // The layout phase of the commit that draws the boundary: before root.tsx's mark effect.
    useLayoutEffect(() => {
      listen();
      register(part);
      return () => forget(part);
    }, [part]);
    return (
      <PartContext value={part}>
        <Suspense fallback={fallback ? fallback(props) : null}>
          <Hydrated {...props} />
        </Suspense>
      </PartContext>
    );
  };
}
