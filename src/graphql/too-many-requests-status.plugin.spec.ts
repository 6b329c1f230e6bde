import { TOO_MANY_REQUESTS, tooManyRequestsStatus } from './too-many-requests-status.plugin';

type Result = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code: string } }[];
};

/** The HTTP status the plugin leaves on a response with this result (undefined: Apollo's own, 200). */
async function statusFor(singleResult: Result): Promise<number | undefined> {
  const response = {
    body: { kind: 'single', singleResult },
    http: { status: undefined as number | undefined },
  };
  const plugin = tooManyRequestsStatus() as {
    requestDidStart(): Promise<{ willSendResponse(context: { response: typeof response }): Promise<void> }>;
  };
  await (await plugin.requestDidStart()).willSendResponse({ response });
  return response.http.status;
}

const refused = {
  message: 'Too many writes: try again in 60 seconds',
  extensions: { code: TOO_MANY_REQUESTS },
};

describe(tooManyRequestsStatus.name, () => {
  it('should answer 429 when a rate limit refused the operation and nothing else ran', async () => {
    expect(await statusFor({ data: null, errors: [refused] })).toBe(429);
    expect(await statusFor({ data: { upvotePost: null }, errors: [refused] })).toBe(429);
  });

  it('should leave the status alone when another mutation of the document ran, or another error came', async () => {
    expect(await statusFor({ data: { first: { id: 1 }, second: null }, errors: [refused] })).toBeUndefined();
    const other = { message: 'Forbidden', extensions: { code: 'FORBIDDEN' } };
    expect(await statusFor({ data: null, errors: [refused, other] })).toBeUndefined();
    expect(await statusFor({ data: { post: { id: 1 } } })).toBeUndefined();
  });
});
