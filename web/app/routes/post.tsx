import { SearchX } from 'lucide-react';
import { useParams } from 'react-router';
import { BackLink } from '../../components/ui/back-link.tsx';
import { MessageScreen } from '../../components/ui/message-screen.tsx';
import { PageBody } from '../../components/ui/page.tsx';
import { Placeholder } from '../../components/ui/placeholder.tsx';
import { usePost } from '../../features/posts/api/posts.ts';
import { CommentThread } from '../../features/posts/components/comment-thread.tsx';
import { PostCard } from '../../features/posts/components/post-card.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { t } from '../../lib/text.ts';

/** One post with its whole discussion; a missing or hidden post says so (spec 8). */
export default function PostScreen() {
  const { postId = '' } = useParams();
  const post = usePost(postId);
  if (post.error instanceof ApiError && [400, 404].includes(post.error.status)) {
    return (
      <MessageScreen
        testId="post-not-found"
        icon={SearchX}
        title={t('errors.post_not_found')}
        body={t('screens.post.notFoundBody')}
        action={{ to: '/activity', label: t('screens.post.back') }}
      />
    );
  }
  return (
    <PageBody width="column">
      <div className="flex flex-col gap-4 pt-2 pb-6 md:pt-6 md:pb-10">
        <BackLink fallback="/activity" />
        {post.data ? (
          <>
            <PostCard post={post.data} collapsible={false} priority />
            <CommentThread postId={post.data.id} />
          </>
        ) : (
          <Placeholder className="h-64 rounded-3xl" />
        )}
      </div>
    </PageBody>
  );
}
