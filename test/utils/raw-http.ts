import { createConnection } from 'node:net';

/**
 * Sends `text` to 127.0.0.1:`port` as it is, for requests no HTTP client would send (two Host headers), and answers
 * the whole response once the server has closed the connection.
 */
export async function sendRawHttp(port: number, text: string): Promise<string> {
  const socket = createConnection(port, '127.0.0.1');
  socket.end(text);
  let answer = '';
  for await (const chunk of socket) answer += String(chunk);
  return answer;
}
