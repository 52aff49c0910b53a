import { describe, expect, it } from 'vitest';
import { CENTRAL, CENTRAL_MICHIGAN, EASTERN_FLORIDA, EASTERN_MICHIGAN, locationTimeZone } from './location-time-zone.ts';

// Real towns on either side of each line (coordinates of the town centre).
const cases: Array<[string, string, number, number, string]> = [
  ['Detroit', 'MI', 42.3314, -83.0458, EASTERN_MICHIGAN],
  ['Grand Rapids', 'MI', 42.9634, -85.6681, EASTERN_MICHIGAN],
  ['Mackinaw City', 'MI', 45.7775, -84.7278, EASTERN_MICHIGAN],
  ['Ironwood (Gogebic)', 'MI', 46.4547, -90.1710, CENTRAL_MICHIGAN],
  ['Bessemer (Gogebic)', 'MI', 46.4813, -90.0524, CENTRAL_MICHIGAN],
  ['Wakefield (Gogebic)', 'MI', 46.4730, -89.9399, CENTRAL_MICHIGAN],
  ['Marenisco (Gogebic)', 'MI', 46.3813, -89.6929, CENTRAL_MICHIGAN],
  ['Watersmeet (Gogebic)', 'MI', 46.2697, -89.1776, CENTRAL_MICHIGAN],
  ['Iron River (Iron)', 'MI', 46.0927, -88.6424, CENTRAL_MICHIGAN],
  ['Crystal Falls (Iron)', 'MI', 46.0980, -88.3340, CENTRAL_MICHIGAN],
  ['Amasa (Iron)', 'MI', 46.2344, -88.4504, CENTRAL_MICHIGAN],
  ['Iron Mountain (Dickinson)', 'MI', 45.8202, -88.0660, CENTRAL_MICHIGAN],
  ['Norway (Dickinson)', 'MI', 45.7869, -87.9038, CENTRAL_MICHIGAN],
  ['Sagola (Dickinson)', 'MI', 46.0872, -88.0696, CENTRAL_MICHIGAN],
  ['Felch (Dickinson)', 'MI', 45.9955, -87.8246, CENTRAL_MICHIGAN],
  ['Menominee (Menominee)', 'MI', 45.1077, -87.6143, CENTRAL_MICHIGAN],
  ['Stephenson (Menominee)', 'MI', 45.4158, -87.6068, CENTRAL_MICHIGAN],
  ['Cedar River (Menominee)', 'MI', 45.4100, -87.3530, CENTRAL_MICHIGAN],
  ['Powers (Menominee)', 'MI', 45.6902, -87.5262, CENTRAL_MICHIGAN],
  ['Hermansville (Menominee)', 'MI', 45.7030, -87.6190, CENTRAL_MICHIGAN],
  ['Wilson (Menominee)', 'MI', 45.7400, -87.4600, CENTRAL_MICHIGAN],
  ['Bergland (Ontonagon)', 'MI', 46.5877, -89.5735, EASTERN_MICHIGAN],
  ['Ontonagon', 'MI', 46.8710, -89.3143, EASTERN_MICHIGAN],
  ['Paulding (Ontonagon)', 'MI', 46.3930, -89.1820, EASTERN_MICHIGAN],
  ['Kenton (Houghton)', 'MI', 46.4716, -88.8946, EASTERN_MICHIGAN],
  ['Houghton', 'MI', 47.1211, -88.5694, EASTERN_MICHIGAN],
  ['Republic (Marquette)', 'MI', 46.3683, -87.9932, EASTERN_MICHIGAN],
  ['Ishpeming (Marquette)', 'MI', 46.4885, -87.6676, EASTERN_MICHIGAN],
  ['Marquette', 'MI', 46.5436, -87.3954, EASTERN_MICHIGAN],
  ['Bark River (Delta)', 'MI', 45.7086, -87.3046, EASTERN_MICHIGAN],
  ['Escanaba (Delta)', 'MI', 45.7453, -87.0646, EASTERN_MICHIGAN],
  ['Gladstone (Delta)', 'MI', 45.8527, -87.0218, EASTERN_MICHIGAN],
  ['Minneapolis', 'MN', 44.9778, -93.265, CENTRAL],
  ['Chicago', 'IL', 41.8781, -87.6298, CENTRAL],
  ['Tampa', 'FL', 27.9506, -82.4572, EASTERN_FLORIDA],
  ['Tallahassee', 'FL', 30.4383, -84.2807, EASTERN_FLORIDA],
  ['Pensacola', 'FL', 30.4213, -87.2169, CENTRAL],
  ['Panama City', 'FL', 30.1588, -85.6602, CENTRAL],
  ['Mexico Beach (Bay)', 'FL', 29.9480, -85.4199, CENTRAL],
  ['Wewahitchka (Gulf, north)', 'FL', 30.1127, -85.2002, CENTRAL],
  ['Blountstown (Calhoun)', 'FL', 30.4435, -85.0477, CENTRAL],
  ['Marianna (Jackson)', 'FL', 30.7744, -85.2269, CENTRAL],
  ['Sneads (Jackson)', 'FL', 30.7080, -84.9252, CENTRAL],
  ['Bristol (Liberty)', 'FL', 30.4327, -84.9771, EASTERN_FLORIDA],
  ['Chattahoochee (Gadsden)', 'FL', 30.7052, -84.8457, EASTERN_FLORIDA],
  ['Port St. Joe (Gulf, south)', 'FL', 29.8119, -85.3027, EASTERN_FLORIDA],
  ['Apalachicola (Franklin)', 'FL', 29.7255, -84.9833, EASTERN_FLORIDA],
];

describe('locationTimeZone', () => {
  it.each(cases)('%s, %s keeps %s', (_town, state, lat, lng, zone) => {
    expect(locationTimeZone({ state, lat, lng })).toBe(zone);
  });

  it('reads the state in any case and falls back sensibly for other states and unknown points', () => {
    expect(locationTimeZone({ state: 'mn', lat: 44.98, lng: -93.27 })).toBe(CENTRAL);
    expect(locationTimeZone({ state: 'OH', lat: 39.96, lng: -83.0 })).toBe(EASTERN_MICHIGAN);
    expect(locationTimeZone({ state: 'MI', lat: Number.NaN, lng: Number.NaN })).toBe(EASTERN_MICHIGAN);
    expect(locationTimeZone({ state: 'FL', lat: Number.NaN, lng: Number.NaN })).toBe(EASTERN_FLORIDA);
  });
});
