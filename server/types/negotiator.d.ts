// negotiator 1.x (Express's content negotiation): the part this project uses. @types/negotiator
// describes 0.6, without the `preferred` option that breaks ties.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available?: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
