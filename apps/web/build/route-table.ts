import ts from 'typescript';

/** One screen of the router: its URL pattern and the lazy modules that draw it, outermost first. */
export interface RouteScreen {
  pattern: string;
  modules: string[];
}

/**
 * Reads src/app/router.tsx's route table without running it (it needs a browser): the objects
 * with `path`/`index`, `lazy: screen(() => import('…'), …)` and `children`, the `...hidden([[path,
 * screen(…)], …])` tuples and `...someRoutes` spreads of arrays declared in the same file. Paths
 * are `paths.x` (resolved with the given table) or string literals. A layout's module is listed
 * before its children's; a shape the reader does not know is an error, so a new way of writing a
 * route cannot silently lose its preloads.
 */
export function readRouteTable(source: string, paths: Record<string, string>, fileName = 'router.tsx'): RouteScreen[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const arrays = new Map<string, ts.ArrayLiteralExpression>();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer && ts.isArrayLiteralExpression(declaration.initializer)) {
        arrays.set(declaration.name.text, declaration.initializer);
      }
    }
  }
  const fail = (node: ts.Node, what: string): never => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    throw new Error(`${fileName}:${line + 1}: ${what}: ${node.getText().slice(0, 80)}`);
  };

  const pathOf = (node: ts.Expression): string => {
    if (ts.isStringLiteral(node)) return node.text;
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'paths') {
      const value = paths[node.name.text];
      if (value === undefined) fail(node, 'unknown path');
      return value as string;
    }
    return fail(node, 'a route path the reader does not know');
  };

  /** `screen(() => import('./x'), 'Name')` → './x'. */
  const moduleOf = (node: ts.Expression): string => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'screen') {
      const loader = node.arguments[0];
      if (
        loader &&
        ts.isArrowFunction(loader) &&
        ts.isCallExpression(loader.body) &&
        loader.body.expression.kind === ts.SyntaxKind.ImportKeyword
      ) {
        const specifier = loader.body.arguments[0];
        if (specifier && ts.isStringLiteral(specifier)) return specifier.text;
      }
    }
    return fail(node, 'a lazy route the reader does not know');
  };

  const screens: RouteScreen[] = [];
  const walkArray = (node: ts.Expression, parentPath: string, layouts: string[]): void => {
    if (ts.isIdentifier(node)) {
      const array = arrays.get(node.text);
      if (!array) fail(node, 'an array of routes not declared in this file');
      return walkArray(array as ts.ArrayLiteralExpression, parentPath, layouts);
    }
    if (!ts.isArrayLiteralExpression(node)) return fail(node, 'routes that are not an array');
    for (const element of node.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = element.expression;
        if (ts.isCallExpression(spread) && ts.isIdentifier(spread.expression) && spread.expression.text === 'hidden') {
          const tuples = spread.arguments[0];
          if (!tuples || !ts.isArrayLiteralExpression(tuples)) return fail(spread, 'hidden() without an array');
          for (const tuple of tuples.elements) {
            if (!ts.isArrayLiteralExpression(tuple) || tuple.elements.length !== 2)
              return fail(tuple, 'hidden() entry that is not [path, screen]');
            screens.push({
              pattern: pathOf(tuple.elements[0] as ts.Expression),
              modules: [...layouts, moduleOf(tuple.elements[1] as ts.Expression)],
            });
          }
        } else {
          walkArray(spread, parentPath, layouts);
        }
        continue;
      }
      if (!ts.isObjectLiteralExpression(element)) return fail(element, 'a route that is not an object');
      walkRoute(element, parentPath, layouts);
    }
  };

  const walkRoute = (route: ts.ObjectLiteralExpression, parentPath: string, layouts: string[]): void => {
    let routePath: string | undefined;
    let index = false;
    let lazyModule: string | undefined;
    let children: ts.Expression | undefined;
    for (const property of route.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
      const value = property.initializer;
      switch (property.name.text) {
        case 'path':
          routePath = pathOf(value);
          break;
        case 'index':
          index = value.kind === ts.SyntaxKind.TrueKeyword;
          break;
        case 'lazy':
          lazyModule = moduleOf(value);
          break;
        case 'children':
          children = value;
          break;
      }
    }
    const pattern = routePath ?? parentPath;
    const modules = lazyModule ? [...layouts, lazyModule] : layouts;
    if (children) walkArray(children, pattern, modules);
    else if (lazyModule && (routePath !== undefined || index)) screens.push({ pattern, modules });
  };

  const table = arrays.get('routes');
  if (!table) throw new Error(`${fileName}: no \`routes\` array`);
  walkArray(table, '/', []);
  return screens;
}
