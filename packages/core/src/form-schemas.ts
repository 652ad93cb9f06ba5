import { z } from 'zod';
import { isColor } from './color';
import { isDate, isEmail, isTime } from './validators';

/** The form validators as zod schemas, with messages a person can act on. */
export const emailSchema = z.string().trim().refine(isEmail, 'Enter a valid e-mail address');
export const dateSchema = z.string().refine(isDate, 'Enter a date as YYYY-MM-DD');
export const timeSchema = z.string().refine(isTime, 'Enter a time as HH:MM (24-hour)');
export const colorSchema = z.string().refine(isColor, 'Enter a colour such as #1C7EBB');
