import type { App } from '../../app.ts';

export async function mediaRoutes(app: App): Promise<void> {
  void app;
}
