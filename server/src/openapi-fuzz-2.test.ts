// Every operation of the OpenAPI document sent bad input, half of them here (server/test/openapi-fuzz.ts).
import { describeOpenApiFuzz } from '../test/openapi-fuzz.ts';

await describeOpenApiFuzz(1, 2);
