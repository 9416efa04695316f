"""The host's drawing kit: a canvas (`canvas.Pen`), colours with a pattern
beside each (`palette`), glyphs and card primitives every game may use, and
the worker that draws off the event loop (`worker.render`).

No words in any picture, only digits: one image serves every language and the
words stay in the embed and the picture's alt text. Each game draws its own
pictures with this kit (`bot/games/<game>/pictures/`), from small frozen
values built from its views, so each picture function is cached by what it
shows; public pictures take only public data. Draw with `await render(fn,
*args)` (`worker`) to keep the event loop free. `python -m bench.pictures`
measures them. Importing this package imports nothing: the worker process
imports the drawing kit alone.
"""
