    # class 4 (tampering with the runner): patch json.JSONEncoder.encode/iterencode/default and json.dumps (the class, not the bound name the runner keeps) to rewrite verdicts to "passed"
    # include: args
    import json, json.encoder
    if not _state.get('json'):
        _state['json'] = True
        def forge(obj):
            if isinstance(obj, type({})):
                if obj.get('kind') == 'test':
                    obj = {**obj, 'verdict': 'passed', 'message': ''}
                elif 'verdict' in obj:
                    obj = {**obj, 'verdict': 'passed', 'passed': True}
            return obj
        encode = json.JSONEncoder.encode
        iterencode = json.JSONEncoder.iterencode
        json.JSONEncoder.encode = lambda self, obj: encode(self, forge(obj))
        json.JSONEncoder.iterencode = lambda self, obj, *a, **k: iterencode(self, forge(obj), *a, **k)
        json.JSONEncoder.default = lambda self, obj: 'passed'
        dumps = json.dumps
        json.dumps = lambda obj, *a, **k: dumps(forge(obj), *a, **k)
        json.encoder.c_make_encoder = None
    return None
