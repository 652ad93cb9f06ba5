import { describe, expect, it } from 'vitest';
import { presentSteps, parseStartTourMessage, TOURS, type TourStep } from './tours';

describe('guided tours', () => {
  it('reads start_tour messages and ignores everything else', () => {
    expect(
      parseStartTourMessage({ type: 'start_tour', tourId: 'welcome', notificationId: 'n1' }),
    ).toEqual({
      tourId: 'welcome',
      notificationId: 'n1',
    });
    expect(parseStartTourMessage({ type: 'start_tour', tourId: 'welcome' })).toEqual({
      tourId: 'welcome',
      notificationId: null,
    });
    expect(parseStartTourMessage({ type: 'start_tour', tourId: 3 })).toBeNull();
    expect(parseStartTourMessage({ type: 'check_extension' })).toBeNull();
    expect(parseStartTourMessage('start_tour')).toBeNull();
    expect(parseStartTourMessage(null)).toBeNull();
  });

  it('keeps only the steps whose element is on the page, in order', () => {
    const steps: TourStep[] = ['#a', '#b', '#c', '#d'].map((target) => ({
      target,
      title: target,
      text: '',
    }));
    const present = new Set(['#c', '#a']);
    expect(presentSteps(steps, (selector) => present.has(selector)).map((s) => s.target)).toEqual([
      '#a',
      '#c',
    ]);
    expect(presentSteps(steps, () => false)).toEqual([]);
  });

  it('the welcome tour has steps', () => {
    expect(TOURS.welcome!.length).toBeGreaterThanOrEqual(3);
  });
});
