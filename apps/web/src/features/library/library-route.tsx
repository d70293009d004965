import { ConsultationsScreen } from './consultations-screen';
import { LibraryScreen } from './library-screen';
import { PublicPostScreen } from './public-post-screen';

/**
 * The library's three routes behind one lazy import (the router's table is in the inbox's first
 * load, and each lazy screen costs it a few hundred bytes): the list and read view
 * (`/material/:type`), the consultations (`/consultations/:id?`) and a post's public page
 * (`/p/:clinicId/:postId`).
 */
export function LibraryRoute({ page }: { page: 'material' | 'consultations' | 'public' }) {
  if (page === 'consultations') return <ConsultationsScreen />;
  if (page === 'public') return <PublicPostScreen />;
  return <LibraryScreen />;
}
