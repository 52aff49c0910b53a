import type { App } from '../../app.ts';

export async function contentRoutes(app: App): Promise<void> {
  void app;
}
