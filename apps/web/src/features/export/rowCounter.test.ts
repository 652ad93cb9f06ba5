import { csvLine, exportHeader } from '@leadloom/core';
import { describe, expect, it } from 'vitest';
import { countChunk, fileNameOf, newRowCounter, rowsOf } from './rowCounter';

describe('export row counter', () => {
  it('counts records, not line ends inside quoted fields, across any chunking', () => {
    const text =
      exportHeader(['name', 'email']) +
      csvLine(['Ann "The" Lee', 'a@x.io']) +
      csvLine(['two\r\nlines, here', '']) +
      csvLine(['=1+2', 'z@x.io']);
    for (let size = 1; size <= text.length; size++) {
      let counter = newRowCounter();
      for (let i = 0; i < text.length; i += size)
        counter = countChunk(counter, text.slice(i, i + size));
      expect(rowsOf(counter), `chunks of ${size}`).toBe(3);
    }
  });

  it('reads the file name of the answer', () => {
    expect(fileNameOf('attachment; filename="leadloom-contacts-2026-11-21.csv"', 'x.csv')).toBe(
      'leadloom-contacts-2026-11-21.csv',
    );
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});
