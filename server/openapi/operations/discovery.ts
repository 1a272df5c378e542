import * as v from 'valibot';
import {
  FAVORITE_KINDS,
  favoritesQuerySchema,
  recommendationsQuerySchema,
} from '@/lib/schemas/favorites';
import { inviteSchema, myInvitesQuerySchema } from '@/lib/schemas/invites';
import { newSavedSearchSchema, savedSearchPatchSchema } from '@/lib/schemas/saved-searches';
import {
  favoritePage,
  favoriteState,
  myInvite,
  postingInvite,
  postingPage,
  savedSearch,
  savedSearchDeleted,
} from '../answers/discovery';
import { okSaid, pageOf } from '../answers/messages';
import { defineOperations, ok } from '../registry';

// Invitations to apply, favourites, "For you" and saved searches (docs/api.md "Invitations to
// apply", "Favourites", "For you", "Saved searches"): server/routes/invites.ts, favorites.ts and
// saved-searches.ts.

const favoriteKind = { kind: v.picklist(FAVORITE_KINDS) };

export const discoveryOperations = defineOperations([
  ...(['projects', 'jobs'] as const).map((postings) => ({
    method: 'post' as const,
    path: `/${postings}/:id/invites`,
    summary: `Invites a talent to apply to one of the team's ${postings} (once per talent, 50 a day).`,
    tag: 'Invitations to apply',
    auth: 'business' as const,
    body: inviteSchema,
    responses: { 201: okSaid(postingInvite) },
  })),
  {
    method: 'get',
    path: '/me/invites',
    summary: "A page of the talent's invitations to apply, newest first.",
    tag: 'Invitations to apply',
    auth: 'talent',
    query: myInvitesQuerySchema,
    responses: { 200: ok(pageOf(myInvite)) },
  },
  {
    method: 'put',
    path: '/me/favorites/:kind/:id',
    summary: 'Saves a posting (talents) or a talent (business accounts); saving again is the same.',
    tag: 'Favourites',
    auth: 'user',
    params: favoriteKind,
    responses: { 200: okSaid(favoriteState) },
  },
  {
    method: 'delete',
    path: '/me/favorites/:kind/:id',
    summary: 'Forgets a saved posting or talent; forgetting again is the same.',
    tag: 'Favourites',
    auth: 'user',
    params: favoriteKind,
    responses: { 200: okSaid(favoriteState) },
  },
  {
    method: 'get',
    path: '/me/favorites',
    summary: "A page of the caller's saved postings or talents, the most recently saved first.",
    tag: 'Favourites',
    auth: 'user',
    query: favoritesQuerySchema,
    responses: { 200: ok(favoritePage) },
  },
  {
    method: 'get',
    path: '/me/recommendations',
    summary: 'A page of open postings for the talent, ranked by the skills and roles they share.',
    tag: 'For you',
    auth: 'talent',
    query: recommendationsQuerySchema,
    responses: { 200: ok(postingPage) },
  },
  {
    method: 'get',
    path: '/saved_searches',
    summary: "The caller's saved searches, newest first.",
    tag: 'Saved searches',
    auth: 'user',
    responses: { 200: ok(v.array(savedSearch)) },
  },
  {
    method: 'post',
    path: '/saved_searches',
    summary: 'Saves a search of postings under a name, with how new matches are told.',
    tag: 'Saved searches',
    auth: 'user',
    body: newSavedSearchSchema,
    responses: { 201: okSaid(savedSearch) },
  },
  {
    method: 'patch',
    path: '/saved_searches/:id',
    summary: "Changes a saved search's name, filters or alert.",
    tag: 'Saved searches',
    auth: 'user',
    body: savedSearchPatchSchema,
    responses: { 200: okSaid(savedSearch) },
  },
  {
    method: 'delete',
    path: '/saved_searches/:id',
    summary: 'Deletes a saved search.',
    tag: 'Saved searches',
    auth: 'user',
    responses: { 200: okSaid(savedSearchDeleted) },
  },
]);
