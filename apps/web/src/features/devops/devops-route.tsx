import { Navigate } from 'react-router';
import { useAbility } from '../../lib/use-ability';
import { DevopsScreen } from './devops-screen';

/** `/devops`: the panel for devops users; anyone else is taken to the inbox (the server refuses its calls anyway). */
export function DevopsRoute() {
  return useAbility('devops.view') ? <DevopsScreen /> : <Navigate to="/conversations" replace />;
}
