import { countriesAnswer, languagesAnswer } from '../answers/reference';
import { defineOperations } from '../registry';

export const referenceOperations = defineOperations([
  {
    method: 'get',
    path: '/countries',
    summary:
      'The countries (ISO 3166 codes) with English and Spanish names; cacheable, with an ETag.',
    tag: 'Reference',
    auth: 'none',
    responses: { 200: countriesAnswer },
  },
  {
    method: 'get',
    path: '/languages',
    summary:
      'The languages a profile can list, with English and Spanish names; cacheable, with an ETag.',
    tag: 'Reference',
    auth: 'none',
    responses: { 200: languagesAnswer },
  },
]);
