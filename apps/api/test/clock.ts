/** A clock the test moves by hand, handed to the app as its `now`. */
export const manualClock = (start = new Date()) => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
};
