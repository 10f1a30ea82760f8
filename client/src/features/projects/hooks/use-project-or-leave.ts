import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { notifyError } from '@client/components/ui/notify';
import { isNotFound } from '@client/lib/errors';
import { useProject } from '../api/projects';

/**
 * The project of the address (:projectId). One that does not exist, or that the user may not see,
 * answers 404: the user goes back to the projects list (spec 2, section 8).
 */
export function useProjectOrLeave() {
  const params = useParams();
  const navigate = useNavigate();
  const projectId = Number(params.projectId);
  const valid = Number.isInteger(projectId) && projectId > 0;
  const query = useProject(valid ? projectId : null);
  const missing = !valid || (query.isError && isNotFound(query.error));
  useEffect(() => {
    if (!missing) return;
    notifyError('This project does not exist, or you do not have access to it.');
    navigate('/projects', { replace: true });
  }, [missing, navigate]);
  const branchId = params.branchId && /^\d+$/.test(params.branchId) ? Number(params.branchId) : null;
  return { projectId: valid ? projectId : 0, branchId, query, missing };
}
