import { operatorPage } from '@/page-state/operator-page';

/**
 * /admin: the console's first tab, /admin/verifications, for an operator; the 404 page for anyone
 * else (docs/product.md "Operators"). The server answers either; this never renders.
 */
export default function AdminIndex() {
  return null;
}

export const getServerSideProps = operatorPage(undefined, '/admin/verifications');
