/**
 * The channels whose iCal feeds we know, told by the feed URL's host (or named by the admin who registers the
 * feed), and what each is known to do that a plain reading of RFC 5545 would get wrong (docs/ical.md "An empty
 * answer").
 */

export const FEED_PROVIDER_IDS = ['airbnb', 'booking', 'vrbo', 'google'] as const;
export type FeedProviderId = (typeof FEED_PROVIDER_IDS)[number];

export interface FeedProvider {
  name: string;
  /** Hosts of its feed URLs (a registered feed's URL is matched against these). */
  host: RegExp;
  /**
   * Answers 200 with an empty body (no VCALENDAR at all) once no stay is left, as Booking.com's calendar
   * export is reported to do after the last stay is cancelled: such an answer means "no events" and releases
   * the feed's blocks. From anyone else an empty answer is a failure that changes nothing.
   */
  emptyMeansNoStays: boolean;
}

export const FEED_PROVIDERS: Readonly<Record<FeedProviderId, FeedProvider>> = {
  airbnb: { name: 'Airbnb', host: /(^|\.)airbnb\.[a-z]{2,3}(\.[a-z]{2})?$/, emptyMeansNoStays: false },
  booking: { name: 'Booking.com', host: /(^|\.)booking\.com$/, emptyMeansNoStays: true },
  vrbo: {
    name: 'VRBO',
    host: /(^|\.)(vrbo\.com|abritel\.fr|homeaway\.[a-z]{2,3}(\.[a-z]{2})?)$/,
    emptyMeansNoStays: false,
  },
  google: { name: 'Google Calendar', host: /^calendar\.google\.com$/, emptyMeansNoStays: false },
};

/** The provider a feed URL belongs to, by its host; null for any other host or a string that is no URL. */
export function providerOfUrl(url: string): FeedProviderId | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  return FEED_PROVIDER_IDS.find((id) => FEED_PROVIDERS[id].host.test(host)) ?? null;
}
