// The list/map toggle and the pages' map choices (docs/api.md "Map area"): the toggle's links keep
// every other query value (not a modal), "Show all" drops the searched box, a bad bbox is a 400
// naming it, and MAP_STYLE_URL reaches the page through the request context.
import { screen } from '@testing-library/react';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { webRequestContext } from '../lib/server/request-context.ts';
import { pageMapChoices } from '../routes/browse.tsx';
import { renderPage } from '../test/render.tsx';
import { MapToggle } from './map-view.tsx';

function context(mapStyleUrl?: string) {
  const c = new RouterContextProvider();
  c.set(webRequestContext, { nonce: '', publicUrl: 'http://localhost', secureCookies: false, mapStyleUrl, api: () => Promise.reject(new Error('no API here')) });
  return c;
}

const url = (path: string) => new URL(path, 'http://localhost');

describe('map toggle', () => {
  it('links the list and the map views, keeping the other choices but not a modal', async () => {
    const map = pageMapChoices(url('/browse/all?sort=ending&filter=food-dining&offset=12&o=5'), context());
    renderPage(<MapToggle map={map} />, { path: '/browse/all?sort=ending&filter=food-dining&offset=12&o=5' });
    const list = await screen.findByRole('link', { name: 'List' });
    const link = screen.getByRole('link', { name: 'Map' });
    expect(list.getAttribute('aria-current')).toBe('page');
    expect(link.getAttribute('aria-current')).toBeNull();
    expect(link.getAttribute('href')).toBe('/browse/all?sort=ending&filter=food-dining&offset=12&view=map');
    expect(screen.getByRole('navigation', { name: 'Results view' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Show all' })).toBeNull();
  });

  it('marks the map view and offers Show all after Search this area', async () => {
    const bbox = '-87.7,41.8,-87.6,41.9';
    const path = `/search?q=pizza&view=map&bbox=${bbox}&offset=12`;
    renderPage(<MapToggle map={pageMapChoices(url(path), context())} />, { path });
    expect((await screen.findByRole('link', { name: 'Map' })).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'List' }).getAttribute('href')).toBe(`/search?q=pizza&bbox=${encodeURIComponent(bbox)}&offset=12`);
    expect(screen.getByText(/Showing offers in the map area/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all' }).getAttribute('href')).toBe('/search?q=pizza&view=map');
  });
});

describe('pageMapChoices', () => {
  it('reads the view, the box and the map style', () => {
    expect(pageMapChoices(url('/browse/all?view=map&bbox=-87.7,41.8,-87.6,41.9'), context('https://tiles.example/style.json'))).toMatchObject({
      view: 'map',
      bbox: '-87.7,41.8,-87.6,41.9',
      styleUrl: 'https://tiles.example/style.json',
    });
    expect(pageMapChoices(url('/browse/all?view=grid&bbox='), context())).toMatchObject({ view: 'list', bbox: undefined, styleUrl: null });
  });

  it('answers 400 naming bbox for a box the API would refuse', () => {
    for (const bad of ['1,2,3', '-87.6,41.8,-87.7,41.9', '-100,30,-80,45']) {
      let thrown: unknown;
      try {
        pageMapChoices(url(`/browse/all?bbox=${bad}`), context());
      } catch (error) {
        thrown = error;
      }
      expect(thrown, bad).toMatchObject({ init: { status: 400 }, data: expect.stringMatching(/^bbox: /) });
    }
  });
});
