/**
 * ISO 3166-2 subdivisions for the countries whose addresses need one on sign-up: Canada's provinces
 * and territories, the United States' states, district and outlying areas, Australia's states and
 * territories, and the United Kingdom's four nations (its country-level subdivisions; the two
 * hundred council areas below them are not what a sign-up form asks for).
 */
export interface Subdivision {
  /** ISO 3166-2 code, e.g. CA-ON. */
  code: string;
  name: string;
  /** ISO 3166-2 category as the standard names it. */
  type: string;
}

const list = (country: string, type: string, entries: Array<[string, string]>): Subdivision[] =>
  entries.map(([code, name]) => ({ code: `${country}-${code}`, name, type }));

export const SUBDIVISIONS: Readonly<Record<string, readonly Subdivision[]>> = {
  AU: [
    ...list('AU', 'state', [
      ['NSW', 'New South Wales'],
      ['QLD', 'Queensland'],
      ['SA', 'South Australia'],
      ['TAS', 'Tasmania'],
      ['VIC', 'Victoria'],
      ['WA', 'Western Australia'],
    ]),
    ...list('AU', 'territory', [
      ['ACT', 'Australian Capital Territory'],
      ['NT', 'Northern Territory'],
    ]),
  ],
  CA: [
    ...list('CA', 'province', [
      ['AB', 'Alberta'],
      ['BC', 'British Columbia'],
      ['MB', 'Manitoba'],
      ['NB', 'New Brunswick'],
      ['NL', 'Newfoundland and Labrador'],
      ['NS', 'Nova Scotia'],
      ['ON', 'Ontario'],
      ['PE', 'Prince Edward Island'],
      ['QC', 'Quebec'],
      ['SK', 'Saskatchewan'],
    ]),
    ...list('CA', 'territory', [
      ['NT', 'Northwest Territories'],
      ['NU', 'Nunavut'],
      ['YT', 'Yukon'],
    ]),
  ],
  GB: list('GB', 'nation', [
    ['ENG', 'England'],
    ['NIR', 'Northern Ireland'],
    ['SCT', 'Scotland'],
    ['WLS', 'Wales'],
  ]),
  US: [
    ...list('US', 'state', [
      ['AL', 'Alabama'],
      ['AK', 'Alaska'],
      ['AZ', 'Arizona'],
      ['AR', 'Arkansas'],
      ['CA', 'California'],
      ['CO', 'Colorado'],
      ['CT', 'Connecticut'],
      ['DE', 'Delaware'],
      ['FL', 'Florida'],
      ['GA', 'Georgia'],
      ['HI', 'Hawaii'],
      ['ID', 'Idaho'],
      ['IL', 'Illinois'],
      ['IN', 'Indiana'],
      ['IA', 'Iowa'],
      ['KS', 'Kansas'],
      ['KY', 'Kentucky'],
      ['LA', 'Louisiana'],
      ['ME', 'Maine'],
      ['MD', 'Maryland'],
      ['MA', 'Massachusetts'],
      ['MI', 'Michigan'],
      ['MN', 'Minnesota'],
      ['MS', 'Mississippi'],
      ['MO', 'Missouri'],
      ['MT', 'Montana'],
      ['NE', 'Nebraska'],
      ['NV', 'Nevada'],
      ['NH', 'New Hampshire'],
      ['NJ', 'New Jersey'],
      ['NM', 'New Mexico'],
      ['NY', 'New York'],
      ['NC', 'North Carolina'],
      ['ND', 'North Dakota'],
      ['OH', 'Ohio'],
      ['OK', 'Oklahoma'],
      ['OR', 'Oregon'],
      ['PA', 'Pennsylvania'],
      ['RI', 'Rhode Island'],
      ['SC', 'South Carolina'],
      ['SD', 'South Dakota'],
      ['TN', 'Tennessee'],
      ['TX', 'Texas'],
      ['UT', 'Utah'],
      ['VT', 'Vermont'],
      ['VA', 'Virginia'],
      ['WA', 'Washington'],
      ['WV', 'West Virginia'],
      ['WI', 'Wisconsin'],
      ['WY', 'Wyoming'],
    ]),
    ...list('US', 'district', [['DC', 'District of Columbia']]),
    ...list('US', 'outlying area', [
      ['AS', 'American Samoa'],
      ['GU', 'Guam'],
      ['MP', 'Northern Mariana Islands'],
      ['PR', 'Puerto Rico'],
      ['UM', 'United States Minor Outlying Islands'],
      ['VI', 'Virgin Islands, U.S.'],
    ]),
  ],
};
