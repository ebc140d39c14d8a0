/**
 * An MSW resolver whose answer the test releases when it chooses, to look at the page while the
 * request is still on its way. `arrived` resolves once the request has reached the network.
 */
export function heldResponse() {
  let markArrived: () => void = () => {};
  let release: (response: Response) => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    markArrived = resolve;
  });
  const resolver = () => {
    markArrived();
    return new Promise<Response>((resolve) => {
      release = resolve;
    });
  };
  return { resolver, arrived, release: (response: Response) => release(response) };
}
