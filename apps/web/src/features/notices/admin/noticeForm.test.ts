import { describe, expect, it } from 'vitest';
import type { Notice } from '../types';
import { EMPTY_NOTICE, formFromNotice, noticeFromForm } from './noticeForm';

describe('notice form', () => {
  it('sends blank optional fields as null and trims', () => {
    const body = noticeFromForm({ ...EMPTY_NOTICE, title: ' Hi ', link: '  ', fontColor: '#fff' });
    expect(body).toMatchObject({ title: 'Hi', link: null, fontColor: '#fff', position: null });
  });

  it('round-trips a stored notice', () => {
    const stored: Notice = {
      notificationId: 'n1',
      createdAt: '',
      updatedAt: '',
      ...noticeFromForm({ ...EMPTY_NOTICE, title: 'A', position: 'top-left', page: '/contacts' }),
    };
    expect(noticeFromForm(formFromNotice(stored))).toEqual(
      noticeFromForm({ ...EMPTY_NOTICE, title: 'A', position: 'top-left', page: '/contacts' }),
    );
  });
});
