import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { decimalTextOf, decimalTextOfLiteral, EXACT_DIGITS } from '../../common/validation/field-validators';

/**
 * `Decimal`: an exact number, read as a string (`"19.99"`), taken as a number or a string (`19.99` or `"19.99"`)
 * in literals and variables alike. The field's own validator (IsDecimalNumber) checks its digits.
 */
function parseValue(value: unknown): string {
  if (typeof value === 'string') return value;
  const text = typeof value === 'number' ? decimalTextOf(value) : undefined;
  if (text !== undefined) return text;
  if (typeof value === 'number' && Number.isFinite(value))
    throw new GraphQLError(
      `Decimal has more digits than a JSON number holds exactly (${EXACT_DIGITS}): send it as a string such as "12345678901234.5678"`,
    );
  throw new GraphQLError('Decimal must be a number or a string such as "19.99"');
}

export const DecimalScalar = new GraphQLScalarType<string, string>({
  name: 'Decimal',
  description: 'An exact decimal number: written as a number or a string, read as a string ("19.99").',
  serialize: (value) => String(value),
  parseValue,
  parseLiteral: (node) => {
    // Exact as written; `1e2` is written out (100), digit for digit, not refused as text.
    if (node.kind === Kind.FLOAT && /e/i.test(node.value)) {
      const text = decimalTextOfLiteral(node.value);
      if (text !== undefined) return text;
      throw new GraphQLError('Decimal has an exponent past the 1000 digits a decimal holds', { nodes: node });
    }
    if (node.kind === Kind.INT || node.kind === Kind.FLOAT || node.kind === Kind.STRING) return node.value;
    throw new GraphQLError('Decimal must be a number or a string such as "19.99"', { nodes: node });
  },
});
