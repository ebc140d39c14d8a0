import { useRemoteFollowerServers } from '../api/domain-blocks-api';

/**
 * For a reported person: the servers their followers elsewhere are on, with how many each, as a
 * domain block (Blocked servers) names them. Nothing while loading, on failure, or when there are none.
 */
export function RemoteFollowerServers({ userId }: { userId: number }) {
  const { data } = useRemoteFollowerServers(userId);
  if (!data?.servers.length) return null;
  return (
    <p className="text-sm break-words text-slate-700">
      Followers elsewhere: {data.servers.map((server) => `${server.server} (${server.followers})`).join(', ')}
    </p>
  );
}
