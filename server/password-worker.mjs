// A worker thread of the password pool (app/accounts/password.server.ts): bcrypt's CPU time is spent here,
// off the event loop that answers every other request.
import bcrypt from "bcryptjs";

export default function passwordTask({ password, hash, cost }) {
  return hash === undefined ? bcrypt.hashSync(password, cost) : bcrypt.compareSync(password, hash);
}
