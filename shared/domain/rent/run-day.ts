/**
 * Which day a rent run may be for (DESIGN.md "Money inputs", docs/rent-cycle.md "The run"): the site's today,
 * or a day before it (a back-dated run issues and catches up what the days since would have), never a day
 * after it — a run dated ahead would issue rent not yet due and post late fees on it. Only a run for the
 * site's real today charges saved cards: a back-dated run is bookkeeping, and must not move a tenant's money.
 */

/** Why a run for `day` may not go when the site's today is `siteToday`; undefined when it may. */
export function runDayRefusal(day: string, siteToday: string): string | undefined {
  return day > siteToday ? `must not be after the site's today (${siteToday})` : undefined;
}

/** Whether the run for `day` charges autopay: only on the site's real today. */
export const autopayRunsOn = (day: string, siteToday: string): boolean => day === siteToday;
