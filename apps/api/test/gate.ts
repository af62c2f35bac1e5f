/**
 * A promise the test opens by hand: work that must stay "in flight" (a slow write, a held answer) waits on
 * `opened`, and the test calls `open()` once it has set up what should happen meanwhile. It replaces a fixed
 * sleep that only hoped the work was still running.
 */
export const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};
