/** Descriptions under the input, so inputs in a grid line up whether or not they have one. */
export const DESCRIPTION_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];
