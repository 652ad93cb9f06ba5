import type { Notice, NoticeFields, NoticePosition } from '../types';

/** The editor's values: plain strings for the text inputs ('' = not set). */
export interface NoticeFormValues {
  published: boolean;
  platform: NoticeFields['platform'];
  type: NoticeFields['type'];
  title: string;
  text: string;
  link: string;
  linkText: string;
  page: string;
  position: NoticePosition | '';
  backgroundColor: string;
  fontColor: string;
  backgroundIcon: string;
}

export const EMPTY_NOTICE: NoticeFormValues = {
  published: false,
  platform: 'web',
  type: 'banner',
  title: '',
  text: '',
  link: '',
  linkText: '',
  page: '',
  position: '',
  backgroundColor: '',
  fontColor: '',
  backgroundIcon: '',
};

export function formFromNotice(n: Notice): NoticeFormValues {
  return {
    published: n.published,
    platform: n.platform,
    type: n.type,
    title: n.title,
    text: n.text,
    link: n.link ?? '',
    linkText: n.linkText ?? '',
    page: n.page ?? '',
    position: n.position ?? '',
    backgroundColor: n.backgroundColor ?? '',
    fontColor: n.fontColor ?? '',
    backgroundIcon: n.backgroundIcon ?? '',
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The request body: empty optional fields are sent as null (= not set). */
export function noticeFromForm(v: NoticeFormValues): NoticeFields {
  return {
    published: v.published,
    platform: v.platform,
    type: v.type,
    title: v.title.trim(),
    text: v.text.trim(),
    link: orNull(v.link),
    linkText: orNull(v.linkText),
    page: orNull(v.page),
    position: v.position === '' ? null : v.position,
    backgroundColor: orNull(v.backgroundColor),
    fontColor: orNull(v.fontColor),
    backgroundIcon: orNull(v.backgroundIcon),
  };
}
