/** An item of a list that mixes posts and learning plans (saved items, the Following feed). */
export type ItemRef = { type: 'POST' | 'LEARNING_PLAN'; id: number };

type Responded<Post, Plan> = { type: 'POST'; post: Post } | { type: 'LEARNING_PLAN'; learningPlan: Plan };

/**
 * The posts and plans that `refs` point at, answered by their own modules (two statements whatever
 * their number) and put in the order of `refs`; one the viewer may no longer see is left out.
 */
export async function responseItems<
  Ref extends ItemRef,
  Post extends { id: number },
  Plan extends { id: number },
  Item,
>(
  refs: Ref[],
  response: { posts: (ids: number[]) => Promise<Post[]>; plans: (ids: number[]) => Promise<Plan[]> },
  toItem: (ref: Ref, responded: Responded<Post, Plan>) => Item,
): Promise<Item[]> {
  const idsOf = (type: ItemRef['type']) => refs.filter((ref) => ref.type === type).map((ref) => ref.id);
  const [posts, plans] = await Promise.all([
    response.posts(idsOf('POST')),
    response.plans(idsOf('LEARNING_PLAN')),
  ]);
  const postById = new Map(posts.map((post) => [post.id, post]));
  const planById = new Map(plans.map((plan) => [plan.id, plan]));
  return refs.flatMap((ref) => {
    const post = ref.type === 'POST' ? postById.get(ref.id) : undefined;
    if (post) return [toItem(ref, { type: 'POST', post })];
    const learningPlan = ref.type === 'LEARNING_PLAN' ? planById.get(ref.id) : undefined;
    return learningPlan ? [toItem(ref, { type: 'LEARNING_PLAN', learningPlan })] : [];
  });
}
