import { useNavigate } from 'react-router';
import { PostComposer } from '../../features/posts/components/post-composer';

/** The full-screen composer: the same component as the Create dialog, laid out as a page. */
export function PostNewRoute() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto min-h-dvh w-full max-w-2xl bg-card">
      <PostComposer frame="page" onDone={() => void navigate('/feed')} />
    </div>
  );
}
