type Listener = () => void;

/**
 * Whether a sign-in made in this tab is finishing (`useStartSession`): the guard then leaves the
 * sign-in screen alone, which goes on to its `next` by itself after SPEC §4's delay.
 */
export const signingInSlot = (() => {
  let value = false;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    set(next: boolean) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();
