/** "30 minutes", "1 hour", "4 hours": a duration choice as the booking forms show it. */
export const durationLabel = (hours: number) => (hours < 1 ? `${hours * 60} minutes` : `${hours} hour${hours === 1 ? '' : 's'}`);
