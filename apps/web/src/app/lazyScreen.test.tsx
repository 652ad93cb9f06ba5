import { Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazyScreen';

function Page() {
  return <p>the screen</p>;
}

/** A render of `Screen` inside the routes' Suspense: what the first commit would show. */
const firstRender = (Screen: ComponentType) =>
  renderToString(
    <Suspense fallback={<p>loading</p>}>
      <Screen />
    </Suspense>,
  );

describe('lazyScreen', () => {
  it('renders a screen whose code is in hand on its first render, without suspending', async () => {
    let calls = 0;
    const loaded = Promise.resolve(Page);
    const Screen = lazyScreen(() => {
      calls++;
      return loaded;
    });
    await Screen.preload();
    expect(firstRender(Screen)).toContain('the screen');
    expect(firstRender(Screen)).toContain('the screen');
    expect(calls).toBe(1);
  });

  it('suspends (the fallback shows) while the code is still loading', async () => {
    let finish: (page: ComponentType) => void = () => undefined;
    const code = new Promise<ComponentType>((resolve) => (finish = resolve));
    const Screen = lazyScreen(() => code);
    const preloading = Screen.preload();
    expect(firstRender(Screen)).toContain('loading');
    finish(Page);
    await preloading;
    expect(firstRender(Screen)).toContain('the screen');
  });

  it('lets a failed load be tried again', async () => {
    let fail = true;
    const Screen = lazyScreen(() =>
      fail ? Promise.reject(new Error('offline')) : Promise.resolve(Page),
    );
    await Screen.preload(); // resolves even though the load failed
    fail = false;
    await Screen.preload();
    expect(firstRender(Screen)).toContain('the screen');
  });
});
