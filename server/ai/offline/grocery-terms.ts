/**
 * The offline assistant's grocery lexicon, curated for Listo (no npm package ships one): every
 * entry is a thing people put on a shopping list, under its department (`# ...`, one of
 * AI_DEPARTMENTS) and category (`## ...`), with its names in English, German, French, Spanish,
 * Italian, Dutch and Portuguese, in that column order (LEXICON_LANGUAGES). Within a cell, `/`
 * separates names of the same thing; the first is the one a translation writes, so it is the form
 * a shopping list uses (plural for things counted: "apples", "Äpfel", "pommes").
 *
 * `!high`, `!medium` or `!low` after a category or an English name sets the common priority of
 * the category or the item (staples high, treats low, the rest medium).
 *
 * Keep a name in one entry per language (lexicon.test.ts checks it): "raisins" is dried grapes in
 * English and grapes in French, so English wins where two languages share a spelling.
 */
export const LEXICON_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'] as const;

export const GROCERY_TERMS = `
# Produce
## Fruit
apples/apple | Äpfel/Apfel | pommes/pomme | manzanas | mele/mela | appels | maçãs
bananas/banana | Bananen/Banane | bananes | plátanos/banana | banane | bananen/banaan | bananas
oranges/orange | Orangen/Orange/Apfelsinen | oranges | naranjas | arance/arancia | sinaasappels/sinaasappel | laranjas
lemons/lemon | Zitronen/Zitrone | citrons | limones/limón | limoni/limone | citroenen/citroen | limões/limão
limes/lime | Limetten/Limette | citrons verts | limas | lime | limoenen/limoen | limas
grapes/grape | Weintrauben/Trauben | raisins frais | uvas | uva | druiven | uvas
strawberries/strawberry | Erdbeeren | fraises | fresas/frutillas | fragole | aardbeien | morangos
blueberries/blueberry | Heidelbeeren/Blaubeeren | myrtilles | arándanos | mirtilli | blauwe bessen/bosbessen | mirtilos
raspberries/raspberry | Himbeeren | framboises | frambuesas | lamponi | frambozen | framboesas
blackberries/blackberry | Brombeeren | mûres | moras | more | bramen | amoras
berries | Beeren | baies/fruits rouges | bayas/frutos del bosque | frutti di bosco | bessen | frutos vermelhos
cherries/cherry | Kirschen | cerises | cerezas | ciliegie | kersen | cerejas
pears/pear | Birnen/Birne | poires | peras | pere/pera | peren | peras
peaches/peach | Pfirsiche/Pfirsich | pêches | melocotones/duraznos | pesche/pesca | perziken | pêssegos
nectarines/nectarine | Nektarinen | nectarines | nectarinas | nettarine | nectarines | nectarinas
plums/plum | Pflaumen/Zwetschgen | prunes | ciruelas | prugne/susine | pruimen | ameixas
apricots/apricot | Aprikosen | abricots | albaricoques | albicocche | abrikozen | damascos/alperces
mangoes/mango/mangos | Mangos/Mango | mangues | mangos | mango | mango's | mangas
pineapple/pineapples | Ananas | ananas | piña | ananas | ananas | ananás/abacaxi
watermelon | Wassermelone | pastèque | sandía | anguria/cocomero | watermeloen | melancia
melon/cantaloupe/honeydew | Melone/Honigmelone | melon | melón | melone | meloen | melão
kiwis/kiwi | Kiwis | kiwis | kiwis | kiwi | kiwi's | kiwis
avocados/avocado | Avocados/Avocado | avocats | aguacates/paltas | avocado | avocado's | abacates
grapefruit | Grapefruit/Pampelmuse | pamplemousse | pomelo/toronja | pompelmo | grapefruit | toranja
clementines/clementine/mandarins/tangerines | Clementinen/Mandarinen | clémentines/mandarines | mandarinas/clementinas | clementine/mandarini | mandarijnen | tangerinas/clementinas
pomegranate | Granatapfel | grenade | granada | melagrana | granaatappel | romã
figs | Feigen | figues | higos | fichi | vijgen | figos
coconut | Kokosnuss | noix de coco | coco | cocco | kokosnoot | coco
papaya | Papaya | papaye | papaya | papaya | papaja | papaia/mamão
passion fruit | Maracuja/Passionsfrucht | fruit de la passion | maracuyá | frutto della passione | passievrucht | maracujá
rhubarb | Rhabarber | rhubarbe | ruibarbo | rabarbaro | rabarber | ruibarbo
cranberries | Cranberrys/Preiselbeeren | canneberges | arándanos rojos | mirtilli rossi | veenbessen/cranberries | mirtilos vermelhos/arandos
plantains | Kochbananen | bananes plantains | plátanos macho | platani | bakbananen | bananas-da-terra
fruit | Obst | fruits | fruta | frutta | fruit | fruta
## Vegetables
potatoes/potato | Kartoffeln/Kartoffel | pommes de terre | patatas/papas | patate/patata | aardappelen/aardappels | batatas
sweet potatoes/sweet potato/yams | Süßkartoffeln | patates douces | boniatos | patate dolci | zoete aardappelen | batatas-doces
onions/onion | Zwiebeln/Zwiebel | oignons | cebollas | cipolle/cipolla | uien/ui | cebolas
red onions/red onion | rote Zwiebeln | oignons rouges | cebollas moradas | cipolle rosse | rode uien | cebolas roxas
garlic/garlic cloves | Knoblauch | ail | ajo | aglio | knoflook | alho
shallots | Schalotten | échalotes | chalotas | scalogni | sjalotten | chalotas/echalotas
carrots/carrot | Karotten/Möhren/Karotte | carottes | zanahorias | carote/carota | wortels/wortel | cenouras
tomatoes/tomato | Tomaten/Tomate | tomates | tomates | pomodori/pomodoro | tomaten | tomates
cherry tomatoes | Kirschtomaten/Cherrytomaten | tomates cerises | tomates cherry | pomodorini | cherrytomaten | tomates cereja
cucumbers/cucumber | Gurken/Gurke/Salatgurke | concombres | pepinos | cetrioli/cetriolo | komkommers/komkommer | pepinos
peppers/bell peppers/bell pepper/capsicum | Paprika/Paprikaschoten | poivrons | pimientos | peperoni/peperone | paprika's | pimentos
zucchini/courgettes/courgette | Zucchini | courgettes | calabacines/calabacín | zucchine/zucchina | courgettes | curgetes/abobrinha
eggplant/eggplants/aubergine | Auberginen/Aubergine | aubergines | berenjenas | melanzane/melanzana | aubergines | beringelas
broccoli | Brokkoli | brocolis | brócoli/brécol | broccoli | broccoli | brócolos/brócolis
cauliflower | Blumenkohl | chou-fleur | coliflor | cavolfiore | bloemkool | couve-flor
cabbage | Weißkohl/Kohl | chou | repollo/col | cavolo/verza | witte kool/kool | repolho/couve
red cabbage | Rotkohl/Blaukraut | chou rouge | col lombarda | cavolo rosso | rode kool | repolho roxo
brussels sprouts | Rosenkohl | choux de Bruxelles | coles de Bruselas | cavolini di Bruxelles | spruitjes | couves-de-bruxelas
spinach/baby spinach | Spinat | épinards | espinacas | spinaci | spinazie | espinafres
lettuce/romaine/iceberg lettuce/salad | Salat/Kopfsalat | laitue/salade | lechuga | lattuga/insalata | sla | alface
salad mix/mixed greens/salad greens | Salatmischung | mesclun | mezcla de lechugas | insalata mista | slamix | mistura de alfaces
kale | Grünkohl | chou kale | col rizada | cavolo riccio | boerenkool | couve galega
arugula/rocket | Rucola | roquette | rúcula | rucola | rucola | rúcula
celery | Staudensellerie/Sellerie | céleri | apio | sedano | bleekselderij/selderij | aipo
asparagus | Spargel | asperges | espárragos | asparagi | asperges | espargos/aspargos
green beans/string beans | grüne Bohnen/Brechbohnen | haricots verts | judías verdes/ejotes | fagiolini | sperziebonen | feijão-verde/vagem
peas | Erbsen | petits pois | guisantes | piselli | erwten/doperwten | ervilhas
corn/sweetcorn/corn on the cob | Mais | maïs | maíz/elote | mais | maïs | milho
mushrooms/mushroom | Pilze/Champignons | champignons | champiñones/setas | funghi | champignons/paddenstoelen | cogumelos
leeks/leek | Lauch/Porree | poireaux | puerros | porri | prei | alho-francês/alho-poró
radishes | Radieschen | radis | rábanos | ravanelli | radijsjes | rabanetes
beets/beetroot | Rote Bete/Rote Rüben | betteraves | remolachas | barbabietole | rode bieten | beterrabas
ginger | Ingwer | gingembre | jengibre | zenzero | gember | gengibre
chili peppers/chilies/chillies/chilis/jalapenos/jalapeños | Chilischoten | piments | chiles/guindillas | peperoncini | chilipepers | malaguetas
spring onions/scallions/green onions | Frühlingszwiebeln | oignons verts/ciboules | cebolletas | cipollotti | lente-uitjes/bosuitjes | cebolinhas
pumpkin/squash/butternut squash | Kürbis | potiron/courge | calabaza | zucca | pompoen | abóbora
fennel | Fenchel | fenouil | hinojo | finocchio | venkel | funcho
artichokes | Artischocken | artichauts | alcachofas | carciofi | artisjokken | alcachofras
turnips | Steckrüben/Rüben | navets | nabos | rape | knolrapen/rapen | nabos
parsnips | Pastinaken | panais | chirivías | pastinache | pastinaken | pastinacas/cherovias
bok choy/pak choi | Pak Choi | pak-choï | pak choi | cavolo cinese | paksoi | couve chinesa
bean sprouts | Sojasprossen | germes de soja | brotes de soja | germogli di soia | taugé | rebentos de soja
cauliflower rice | Blumenkohlreis | riz de chou-fleur | arroz de coliflor | riso di cavolfiore | bloemkoolrijst | arroz de couve-flor
vegetables/veggies/veg | Gemüse | légumes | verduras | verdura | groente/groenten | legumes
## Herbs
parsley | Petersilie | persil | perejil | prezzemolo | peterselie | salsa/salsinha
basil | Basilikum | basilic | albahaca | basilico | basilicum | manjericão
cilantro/coriander | Koriander | coriandre | cilantro | coriandolo | koriander | coentros
mint | Minze | menthe | menta | menta | munt | hortelã
dill | Dill | aneth | eneldo | aneto | dille | endro
chives | Schnittlauch | ciboulette | cebollino | erba cipollina | bieslook | cebolinho
rosemary | Rosmarin | romarin | romero | rosmarino | rozemarijn | alecrim
thyme | Thymian | thym | tomillo | timo | tijm | tomilho
sage | Salbei | sauge | salvia | salvia | salie | sálvia
herbs/fresh herbs | Kräuter | herbes/fines herbes | hierbas | erbe aromatiche | verse kruiden | ervas aromáticas
## Flowers
flowers/bouquet | Blumen/Blumenstrauß | fleurs/bouquet | flores/ramo de flores | fiori/mazzo di fiori | bloemen/boeket | ramo de flores

# Bakery
## Bread !high
bread/loaf | Brot | pain | pan | pane | brood | pão
whole wheat bread/wholemeal bread/whole grain bread/brown bread | Vollkornbrot | pain complet | pan integral | pane integrale | volkorenbrood | pão integral
sourdough bread/sourdough | Sauerteigbrot | pain au levain | pan de masa madre | pane a lievitazione naturale | zuurdesembrood | pão de fermentação natural
rye bread | Roggenbrot | pain de seigle | pan de centeno | pane di segale | roggebrood | pão de centeio
baguette/french bread | Baguette | baguette | barra de pan | filone | stokbrood | baguete
rolls/bread rolls/dinner rolls/buns | Brötchen/Semmeln | petits pains | panecillos | panini | broodjes | pãezinhos
hamburger buns/burger buns | Burgerbrötchen | pains à burger | panes de hamburguesa | panini per hamburger | hamburgerbroodjes | pães de hambúrguer
hot dog buns | Hot-Dog-Brötchen | pains à hot-dog | panes de perrito | panini per hot dog | hotdogbroodjes | pães de cachorro-quente
sandwich bread/sliced bread/toast/toast bread/white bread | Toastbrot | pain de mie | pan de molde | pane in cassetta | casinobrood/toastbrood | pão de forma
bagels | Bagels | bagels | bagels | bagel | bagels | bagels
english muffins | englische Muffins | muffins anglais | muffins ingleses | muffin inglesi | Engelse muffins | muffins ingleses
pita/pita bread/flatbread | Pitabrot/Fladenbrot | pain pita | pan de pita | pane pita/piadina | pitabroodjes | pão pita
tortillas/wraps | Tortillas/Wraps | tortillas | tortillas | tortillas/piadine | wraps | tortilhas
naan | Naan | pain naan | pan naan | pane naan | naanbrood | pão naan
brioche | Brioche | brioche | brioche | pan brioche | brioche | brioche
ciabatta | Ciabatta | ciabatta | chapata | ciabatta | ciabatta | pão ciabatta
taco shells | Tacoschalen | coquilles à tacos | tacos duros | gusci per taco | tacoschelpen | conchas de taco
## Pastries !low
croissants | Croissants/Hörnchen | croissants | cruasanes/croissants | cornetti | croissants | croissants
muffins/cupcakes | Muffins | muffins | magdalenas/muffins | muffin | muffins | queques/muffins
cake | Kuchen/Torte | gâteau | bizcocho/tarta | torta | cake | bolo
pie | Obstkuchen/Pie | tarte | tarta de frutas | crostata | taart | tarte
donuts/doughnuts | Donuts/Krapfen | beignets/donuts | donas/rosquillas | ciambelle/bomboloni | donuts | donuts/sonhos
pastries/danish | Gebäck/Teilchen | viennoiseries/pâtisseries | bollería/pasteles | pasticcini/dolci | gebak | bolos/pastelaria

# Deli
## Cold Cuts
ham | Kochschinken/Schinken | jambon | jamón york/jamón cocido | prosciutto cotto | ham | fiambre/presunto cozido
prosciutto/parma ham/cured ham | Parmaschinken/roher Schinken | jambon cru | jamón serrano/jamón | prosciutto crudo/prosciutto | rauwe ham | presunto
salami | Salami | saucisson/salami | salami/salchichón | salame | salami | salame
turkey slices/sliced turkey/deli turkey/turkey breast | Putenaufschnitt/Putenbrust | blanc de dinde | pechuga de pavo | fesa di tacchino | kalkoenfilet | peito de peru
cold cuts/lunch meat/deli meat/luncheon meat | Aufschnitt/Wurstaufschnitt | charcuterie | embutidos/fiambres | affettati | vleeswaren/beleg | charcutaria/frios
pepperoni | Pepperoni-Salami | pepperoni | pepperoni | salamino piccante | pepperoni | pepperoni
chorizo | Chorizo | chorizo | chorizo | chorizo | chorizo | chouriço
roast beef | Roastbeef | rosbif | rosbif | roast beef | rosbief | rosbife
## Prepared Foods
rotisserie chicken/roast chicken | Brathähnchen/Grillhähnchen | poulet rôti | pollo asado | pollo arrosto | kip aan het spit | frango assado
hummus | Hummus | houmous | hummus | hummus | hummus | húmus
sandwiches/sandwich | Sandwiches/belegte Brötchen | sandwichs | sándwiches/bocadillos | tramezzini | sandwiches | sanduíches/sandes
sushi | Sushi | sushi | sushi | sushi | sushi | sushi
potato salad | Kartoffelsalat | salade de pommes de terre | ensalada de patatas | insalata di patate | aardappelsalade | salada de batata
coleslaw | Krautsalat | salade de chou | ensalada de col | insalata di cavolo | koolsalade | salada de repolho
guacamole | Guacamole | guacamole | guacamole | guacamole | guacamole | guacamole

# Meat & Seafood
## Meat
beef | Rindfleisch | bœuf/boeuf | carne de res | manzo | rundvlees | carne de vaca
ground beef/minced beef/mince/hamburger meat/ground meat | Hackfleisch/Rinderhack | bœuf haché/boeuf haché/viande hachée | carne picada/carne molida | carne macinata | gehakt/rundergehakt | carne moída
steak/steaks | Steak/Steaks | steak/bifteck | filete/bistec | bistecca | biefstuk | bife
pork | Schweinefleisch | porc | cerdo | maiale | varkensvlees | carne de porco
pork chops | Schweinekoteletts | côtelettes de porc | chuletas de cerdo | braciole di maiale | varkenskoteletten | costeletas de porco
lamb | Lammfleisch/Lamm | agneau | cordero | agnello | lamsvlees | borrego/cordeiro
veal | Kalbfleisch | veau | ternera | vitello | kalfsvlees | vitela
meatballs | Fleischbällchen/Frikadellen | boulettes de viande | albóndigas | polpette | gehaktballen | almôndegas
burger patties/hamburger patties/burgers | Burgerpatties | steaks hachés | hamburguesas | hamburger | hamburgers | hambúrgueres
ribs/spare ribs | Rippchen/Spareribs | travers de porc | costillas | costine | spareribs | entrecosto/costelinha
meat | Fleisch | viande | carne | carne | vlees | carne
## Poultry
chicken/whole chicken | Hähnchen/Hühnchen/Huhn | poulet | pollo | pollo | kip | frango
chicken breast/chicken breasts/chicken fillets | Hähnchenbrust/Hühnerbrust | blancs de poulet/filets de poulet | pechugas de pollo/pechuga de pollo | petto di pollo | kipfilet | peito de frango
chicken thighs/chicken legs/drumsticks | Hähnchenschenkel/Hähnchenkeulen | cuisses de poulet | muslos de pollo | cosce di pollo | kippendijen/kippenpoten | coxas de frango
chicken wings | Hähnchenflügel/Chicken Wings | ailes de poulet | alitas de pollo | ali di pollo | kippenvleugels | asas de frango
turkey/ground turkey | Pute/Truthahn | dinde | pavo | tacchino | kalkoen | peru
duck | Ente | canard | pato | anatra | eend | pato
## Sausages & Bacon
bacon | Speck/Bacon | lardons | beicon/tocino/bacon | pancetta | spek/ontbijtspek | bacon/toucinho
sausages/sausage | Würstchen/Wurst | saucisses | salchichas | salsicce/salsiccia | worstjes/worst | salsichas
hot dogs/frankfurters/wieners | Wiener Würstchen/Wiener | saucisses de Francfort | salchichas de Frankfurt | würstel | knakworsten | salsichas tipo Frankfurt
bratwurst | Bratwurst | saucisses à griller | salchichas alemanas | salsicce da griglia | braadworst | salsichas alemãs
## Fish & Seafood
fish/fish fillets | Fisch/Fischfilet | poisson | pescado | pesce | vis | peixe
salmon | Lachs | saumon | salmón | salmone | zalm | salmão
cod | Kabeljau/Dorsch | cabillaud | bacalao | merluzzo | kabeljauw | bacalhau
hake | Seehecht | merlu | merluza | nasello | heek | pescada
tilapia | Tilapia | tilapia | tilapia | tilapia | tilapia | tilápia
trout | Forelle | truite | trucha | trota | forel | truta
shrimp/prawns | Garnelen/Shrimps | crevettes | gambas/camarones | gamberi | garnalen | camarão/gambas
mussels | Miesmuscheln/Muscheln | moules | mejillones | cozze | mosselen | mexilhões
squid/calamari | Tintenfisch/Calamari | calamars | calamares | calamari | inktvis | lulas
crab/crab meat | Krabben | crabe | cangrejo | granchio | krab | caranguejo
scallops | Jakobsmuscheln | noix de Saint-Jacques | vieiras | capesante | sint-jakobsschelpen | vieiras
clams | Venusmuscheln | palourdes | almejas | vongole | venusschelpen | amêijoas
halibut | Heilbutt | flétan | fletán | halibut | heilbot | alabote
seafood | Meeresfrüchte | fruits de mer | marisco/mariscos | frutti di mare | zeevruchten | marisco

# Canned & Jarred
## Canned Vegetables
canned tomatoes/tinned tomatoes/diced tomatoes/crushed tomatoes/chopped tomatoes/whole peeled tomatoes | Dosentomaten/gehackte Tomaten/stückige Tomaten | tomates en conserve/tomates concassées | tomate troceado/tomates en lata | pomodori pelati/pelati/polpa di pomodoro | tomatenblokjes/tomaten in blik | tomate pelado/tomate em lata
tomato paste/tomato puree | Tomatenmark | concentré de tomates | concentrado de tomate | concentrato di pomodoro | tomatenpuree | concentrado de tomate
passata/strained tomatoes | passierte Tomaten | coulis de tomates | tomate triturado | passata di pomodoro/passata | gezeefde tomaten | passata de tomate
canned corn/creamed corn | Dosenmais | maïs en conserve | maíz en lata | mais in scatola | maïs in blik | milho em lata
coconut milk | Kokosmilch | lait de coco | leche de coco | latte di cocco | kokosmelk | leite de coco
## Canned Beans
chickpeas/garbanzo beans | Kichererbsen | pois chiches | garbanzos | ceci | kikkererwten | grão-de-bico
kidney beans/red beans | Kidneybohnen/rote Bohnen | haricots rouges | alubias rojas/frijoles rojos | fagioli rossi | kidneybonen/bruine bonen | feijão vermelho
black beans | schwarze Bohnen | haricots noirs | frijoles negros | fagioli neri | zwarte bonen | feijão preto
white beans/cannellini beans/navy beans | weiße Bohnen | haricots blancs | alubias blancas | fagioli cannellini/cannellini | witte bonen | feijão branco
pinto beans/refried beans | Pintobohnen | haricots pinto | frijoles pintos/frijoles refritos | fagioli borlotti | pintobonen | feijão carioca
baked beans | Baked Beans | haricots à la tomate | alubias con tomate | fagioli al pomodoro | witte bonen in tomatensaus | feijão com molho de tomate
beans | Bohnen | haricots | frijoles/alubias/judías | fagioli | bonen | feijão
## Canned Fish
tuna/canned tuna/tuna fish | Thunfisch | thon | atún | tonno | tonijn | atum
sardines | Sardinen | sardines | sardinas | sardine | sardientjes | sardinhas
anchovies | Sardellen | anchois | anchoas | acciughe/alici | ansjovis | anchovas
## Soups & Broth
soup/canned soup/chicken noodle soup/tomato soup | Suppe/Dosensuppe | soupe | sopa | zuppa/minestra | soep | sopa
broth/stock/chicken broth/chicken stock/beef broth/beef stock/vegetable broth/vegetable stock/bouillon | Brühe/Bouillon/Fond | bouillon | caldo | brodo | bouillon | caldo
stock cubes/bouillon cubes | Brühwürfel | cubes de bouillon | pastillas de caldo/cubitos de caldo | dadi da brodo/dado | bouillonblokjes | cubos de caldo
## Canned Fruit
applesauce/apple sauce | Apfelmus | compote de pommes/compote | compota de manzana | purea di mele | appelmoes | puré de maçã
canned fruit/canned peaches/fruit cocktail/fruit cups | Obstkonserven/Dosenobst | fruits au sirop | fruta en almíbar | frutta sciroppata | fruit in blik | fruta em calda
## Pickles & Olives
olives | Oliven | olives | aceitunas | olive | olijven | azeitonas
pickles/gherkins/dill pickles | Gewürzgurken/Essiggurken | cornichons | pepinillos | cetriolini sottaceto/cetriolini | augurken | pepinos em conserva/picles
capers | Kapern | câpres | alcaparras | capperi | kappertjes | alcaparras
sauerkraut | Sauerkraut | choucroute | chucrut | crauti | zuurkool | chucrute
sun-dried tomatoes/sundried tomatoes | getrocknete Tomaten | tomates séchées | tomates secos | pomodori secchi | zongedroogde tomaten | tomates secos

# Pasta, Rice & Grains
## Pasta
pasta | Nudeln/Pasta/Teigwaren | pâtes | pasta | pasta | pasta | massa
spaghetti | Spaghetti | spaghettis/spaghetti | espaguetis/espagueti | spaghetti | spaghetti | esparguete/espaguete
penne | Penne | penne | penne | penne | penne | penne
macaroni/elbow macaroni | Makkaroni | macaronis | macarrones | maccheroni | macaroni | macarrão
lasagna/lasagne/lasagna noodles/lasagne sheets | Lasagneplatten/Lasagne | lasagnes/feuilles de lasagne | láminas de lasaña/lasaña | lasagne | lasagnebladen | lasanha/folhas de lasanha
fusilli | Fusilli | fusilli | fusilli/espirales | fusilli | fusilli | fusilli
tortellini | Tortellini | tortellinis | tortellini | tortellini | tortellini | tortellini
ravioli | Ravioli | raviolis | raviolis | ravioli | ravioli | raviólis
gnocchi | Gnocchi | gnocchis | ñoquis | gnocchi | gnocchi | nhoques
noodles/egg noodles/ramen/rice noodles/udon | Mie-Nudeln/Asianudeln/Reisnudeln | nouilles | fideos chinos/fideos de arroz | noodles/spaghetti di riso | mie/noedels | massa chinesa/noodles
couscous | Couscous | couscous | cuscús | cuscus | couscous | cuscuz
## Rice
rice/white rice | Reis | riz | arroz | riso | rijst | arroz
brown rice | Naturreis/Vollkornreis | riz complet | arroz integral | riso integrale | zilvervliesrijst | arroz integral
basmati rice/basmati | Basmatireis | riz basmati | arroz basmati | riso basmati | basmatirijst | arroz basmati
jasmine rice | Jasminreis | riz jasmin | arroz jazmín | riso thai | jasmijnrijst | arroz jasmim
risotto rice/arborio rice/arborio | Risottoreis | riz à risotto/riz arborio | arroz para risotto/arroz arborio | riso per risotto/riso arborio/riso carnaroli | risottorijst | arroz para risoto/arroz arbóreo
## Grains
quinoa | Quinoa | quinoa | quinoa | quinoa | quinoa | quinoa
bulgur | Bulgur | boulgour | bulgur | bulgur | bulgur | bulgur
polenta/cornmeal/grits | Polenta/Maisgrieß | polenta | polenta/harina de maíz | polenta/farina di mais | polenta/maïsmeel | polenta/farinha de milho
barley | Gerste/Graupen | orge | cebada | orzo | gerst | cevada
## Beans & Lentils
lentils/red lentils | Linsen/rote Linsen | lentilles | lentejas | lenticchie | linzen | lentilhas
dried beans/split peas | getrocknete Bohnen/Trockenerbsen | légumes secs | legumbres secas | legumi secchi | gedroogde bonen | leguminosas secas

# Baking & Spices
## Baking
flour/all-purpose flour/plain flour/wheat flour/self-rising flour | Mehl/Weizenmehl | farine | harina | farina | bloem/meel | farinha
sugar/white sugar/granulated sugar | Zucker | sucre | azúcar | zucchero | suiker | açúcar
brown sugar/cane sugar | brauner Zucker/Rohrzucker | sucre roux/cassonade | azúcar moreno | zucchero di canna | bruine suiker/rietsuiker | açúcar mascavado
powdered sugar/icing sugar/confectioners sugar | Puderzucker | sucre glace | azúcar glas | zucchero a velo | poedersuiker | açúcar em pó
baking powder | Backpulver | levure chimique | levadura química | lievito per dolci | bakpoeder | fermento em pó
baking soda/bicarbonate of soda | Natron | bicarbonate de soude | bicarbonato | bicarbonato di sodio | zuiveringszout | bicarbonato de sódio
yeast | Hefe | levure | levadura | lievito di birra/lievito | gist | fermento de padeiro/levedura
vanilla extract/vanilla/vanilla sugar | Vanilleextrakt/Vanille/Vanillezucker | extrait de vanille/vanille | extracto de vainilla/vainilla | estratto di vaniglia/vaniglia | vanille-extract/vanille | extrato de baunilha/baunilha
cocoa powder/cocoa | Kakaopulver/Backkakao | cacao en poudre/cacao | cacao en polvo/cacao | cacao in polvere/cacao | cacaopoeder/cacao | cacau em pó/cacau
chocolate chips/baking chocolate | Schokotropfen/Backschokolade/Kuvertüre | pépites de chocolat/chocolat pâtissier | pepitas de chocolate/chocolate para fundir | gocce di cioccolato/cioccolato fondente | chocoladedruppels/kookchocolade | pepitas de chocolate/chocolate de culinária
cornstarch/corn starch/cornflour | Speisestärke/Maisstärke | fécule de maïs/maïzena | maicena/almidón de maíz | amido di mais/maizena | maïzena | amido de milho/maisena
breadcrumbs/bread crumbs/panko | Paniermehl/Semmelbrösel | chapelure | pan rallado | pangrattato | paneermeel | pão ralado
gelatin/gelatine | Gelatine | gélatine | gelatina | colla di pesce | gelatine | gelatina
sprinkles/food coloring | Streusel/Lebensmittelfarbe | vermicelles/colorant alimentaire | fideos de colores/colorante alimentario | codette/colorante alimentare | spikkels/kleurstof | granulado/corante alimentar
cake mix/brownie mix/cornbread mix/muffin mix/baking mix | Backmischung | préparation pour gâteau | preparado para bizcocho | preparato per torte | bakmix/cakemix | preparado para bolo
pie filling/cherry pie filling | Tortenfüllung | garniture pour tarte | relleno para tartas | ripieno per torte | taartvulling | recheio para tartes
evaporated milk/condensed milk/sweetened condensed milk | Kondensmilch | lait concentré | leche evaporada/leche condensada | latte condensato | gecondenseerde melk | leite condensado
molasses | Melasse | mélasse | melaza | melassa | melasse | melaço
stuffing/stuffing mix | Füllung | farce | relleno | ripieno | vulling | recheio
## Spices & Seasonings
salt/sea salt | Salz/Meersalz | sel/sel de mer | sal/sal marina | sale/sale marino | zout/zeezout | sal/sal marinho
pepper/black pepper/peppercorns | Pfeffer/schwarzer Pfeffer | poivre/poivre noir | pimienta/pimienta negra | pepe/pepe nero | peper/zwarte peper | pimenta/pimenta preta
cinnamon | Zimt | cannelle | canela | cannella | kaneel | canela
cumin | Kreuzkümmel | cumin | comino | cumino | komijn | cominhos
paprika/paprika powder/smoked paprika | Paprikapulver | paprika | pimentón | paprica | paprikapoeder | colorau/pimentão-doce
oregano | Oregano | origan | orégano | origano | oregano | orégãos
curry powder/curry | Currypulver/Curry | curry/poudre de curry | curry en polvo/curry | curry | kerriepoeder/kerrie | caril/curry
chili powder/chili flakes/red pepper flakes/cayenne | Chilipulver/Chiliflocken/Cayennepfeffer | piment en poudre/piment de Cayenne | guindilla molida/cayena | peperoncino in polvere/peperoncino | chilipoeder/cayennepeper | piri-piri/pimenta caiena
nutmeg | Muskatnuss | noix de muscade/muscade | nuez moscada | noce moscata | nootmuskaat | noz-moscada
garlic powder | Knoblauchpulver | ail en poudre | ajo en polvo | aglio in polvere | knoflookpoeder | alho em pó
onion powder | Zwiebelpulver | oignon en poudre | cebolla en polvo | cipolla in polvere | uienpoeder | cebola em pó
bay leaves | Lorbeerblätter | feuilles de laurier/laurier | hojas de laurel/laurel | foglie di alloro/alloro | laurierblaadjes | folhas de louro/louro
cloves | Gewürznelken/Nelken | clous de girofle | clavos de olor | chiodi di garofano | kruidnagels | cravinho/cravo-da-índia
turmeric | Kurkuma | curcuma | cúrcuma | curcuma | kurkuma | açafrão-da-terra
ginger powder/ground ginger | Ingwerpulver | gingembre en poudre | jengibre en polvo | zenzero in polvere | gemberpoeder | gengibre em pó
italian seasoning/mixed herbs/dried herbs | italienische Kräuter/Kräutermischung | herbes de Provence | hierbas provenzales | erbe miste | Italiaanse kruiden | ervas de Provence
spices/seasoning | Gewürze | épices | especias | spezie | specerijen | especiarias

# Condiments & Sauces
## Oils & Vinegar
olive oil/extra virgin olive oil | Olivenöl | huile d'olive | aceite de oliva | olio d'oliva/olio extravergine di oliva | olijfolie | azeite
vegetable oil/sunflower oil/canola oil/cooking oil/rapeseed oil/cooking spray | Sonnenblumenöl/Rapsöl/Speiseöl | huile de tournesol/huile végétale/huile de colza | aceite de girasol/aceite vegetal | olio di semi/olio di girasole | zonnebloemolie/plantaardige olie | óleo de girassol/óleo vegetal
oil | Öl | huile | aceite | olio | olie | óleo
vinegar/white vinegar/apple cider vinegar | Essig | vinaigre | vinagre | aceto | azijn | vinagre
balsamic vinegar/balsamic | Balsamico/Balsamessig | vinaigre balsamique | vinagre balsámico | aceto balsamico | balsamicoazijn | vinagre balsâmico
sesame oil | Sesamöl | huile de sésame | aceite de sésamo | olio di sesamo | sesamolie | óleo de sésamo
## Condiments
ketchup | Ketchup | ketchup | kétchup | ketchup | ketchup | ketchup
mayonnaise/mayo | Mayonnaise/Mayo | mayonnaise | mayonesa | maionese | mayonaise | maionese
mustard/dijon mustard | Senf | moutarde | mostaza | senape | mosterd | mostarda
soy sauce | Sojasoße/Sojasauce | sauce soja | salsa de soja | salsa di soia | sojasaus | molho de soja
hot sauce/sriracha/tabasco | scharfe Soße/Chilisoße | sauce piquante | salsa picante | salsa piccante | hete saus/sambal | molho picante
salsa | Salsa | salsa | salsa | salsa messicana | salsa | molho salsa
pesto | Pesto | pesto | pesto | pesto | pesto | pesto
worcestershire sauce/worcestershire | Worcestershiresauce | sauce Worcestershire | salsa Worcestershire/salsa inglesa | salsa Worcestershire | worcestershiresaus | molho inglês
bbq sauce/barbecue sauce | Barbecuesoße/Grillsoße | sauce barbecue | salsa barbacoa | salsa barbecue | barbecuesaus | molho barbecue
relish | Relish | relish | relish | salsa relish | relish | relish
horseradish | Meerrettich/Kren | raifort | rábano picante | rafano | mierikswortel | rábano
tahini | Tahini/Sesampaste | tahini | tahína | tahina | tahin | tahini
## Sauces
sauce/sauces | Soße/Sauce | sauce | salsas | salse | saus | molho/molhos
tomato sauce/pasta sauce/marinara/marinara sauce/spaghetti sauce | Tomatensoße/Nudelsoße/Tomatensauce | sauce tomate | salsa de tomate/tomate frito | sugo/salsa di pomodoro | tomatensaus/pastasaus | molho de tomate
curry paste | Currypaste | pâte de curry | pasta de curry | pasta di curry | currypasta | pasta de caril
gravy | Bratensoße | sauce au jus | salsa gravy | sugo d'arrosto | jus/juspoeder | molho de carne
## Dressings
salad dressing/dressing/ranch/ranch dressing/vinaigrette | Salatdressing/Dressing | sauce salade/vinaigrette | aliño/aderezo/vinagreta | condimento per insalata | slasaus/dressing | molho para salada
croutons | Croutons | croûtons | picatostes/crutones | crostini | croutons | croutons

# Breakfast & Cereal
## Cereal & Oats
cereal/breakfast cereal/bran flakes | Frühstücksflocken/Cerealien | céréales | cereales | cereali | ontbijtgranen | cereais
muesli/granola | Müsli/Granola | muesli/granola | muesli/granola | muesli/granola | muesli/granola | muesli/granola
cornflakes/corn flakes | Cornflakes | corn flakes/cornflakes | copos de maíz | fiocchi di mais/cornflakes | cornflakes | flocos de milho
oats/oatmeal/rolled oats/porridge oats/porridge | Haferflocken | flocons d'avoine | copos de avena/avena | fiocchi d'avena/avena | havermout | flocos de aveia/aveia
toaster pastries/pop tarts/pop-tarts | Pop-Tarts | Pop-Tarts | Pop-Tarts | Pop-Tarts | Pop-Tarts | Pop-Tarts
## Spreads
peanut butter | Erdnussbutter | beurre de cacahuète/beurre de cacahuètes | crema de cacahuete/mantequilla de maní | burro di arachidi | pindakaas | manteiga de amendoim
almond butter/nut butter | Mandelmus | purée d'amande | crema de almendras | burro di mandorle | amandelpasta | manteiga de amêndoa
jam/jelly/marmalade/preserves | Marmelade/Konfitüre | confiture | mermelada | marmellata/confettura | jam | compota/geleia
honey | Honig | miel | miel | miele | honing | mel
chocolate spread/nutella/hazelnut spread | Nutella/Nuss-Nougat-Creme/Schokoaufstrich | pâte à tartiner/nutella | crema de cacao/nutella | crema spalmabile/nutella | chocoladepasta | creme de avelã/nutella
## Syrups & Mixes
maple syrup/syrup/pancake syrup | Ahornsirup | sirop d'érable | sirope de arce | sciroppo d'acero | ahornsiroop | xarope de ácer
pancake mix | Pfannkuchenmischung | préparation pour pancakes/préparation pour crêpes | mezcla para tortitas | preparato per pancake | pannenkoekenmix | mistura para panquecas

# Snacks & Sweets
## Chips & Crackers !low
chips/potato chips/crisps | Chips/Kartoffelchips | chips | patatas fritas de bolsa/chips | patatine | chips | batatas fritas de pacote
tortilla chips/nachos | Tortillachips/Nachos | chips tortilla/nachos | nachos/totopos | nachos | tortillachips | nachos
crackers/saltines/saltine crackers | Cracker/Kräcker | crackers/biscuits salés | galletas saladas | cracker/crackers | crackers/toastjes | bolachas de água e sal/crackers
pretzels | Brezeln/Salzstangen/Salzbrezeln | bretzels | pretzels | salatini | pretzels | pretzels
popcorn | Popcorn | pop-corn/popcorn | palomitas | popcorn | popcorn | pipocas
rice cakes | Reiswaffeln | galettes de riz | tortitas de arroz | gallette di riso | rijstwafels | bolachas de arroz
jerky/beef jerky | Trockenfleisch | viande séchée | cecina | carne secca | gedroogd vlees | carne seca
## Cookies !low
cookies/biscuits/oreos/wafers | Kekse/Plätzchen | biscuits/cookies/gâteaux secs | galletas | biscotti | koekjes | bolachas/biscoitos
## Candy & Chocolate !low
chocolate/chocolate bar/dark chocolate | Schokolade | chocolat | chocolate | cioccolato/cioccolata | chocolade | chocolate
candy/sweets/gummy bears/gummies/fruit snacks | Süßigkeiten/Bonbons/Gummibärchen | bonbons/confiseries | caramelos/golosinas/chuches | caramelle/dolciumi | snoep | doces/rebuçados/balas
chewing gum/gum | Kaugummi | chewing-gum | chicle | gomma da masticare | kauwgom | pastilha elástica/chiclete
marshmallows | Marshmallows/Mäusespeck | guimauves/chamallows | nubes/malvaviscos | marshmallow | marshmallows/spekjes | marshmallows
## Nuts & Dried Fruit
nuts/mixed nuts/trail mix | Nüsse | fruits à coque | frutos secos | frutta secca | noten | frutos secos
almonds | Mandeln | amandes | almendras | mandorle | amandelen | amêndoas
walnuts | Walnüsse | noix | nueces | noci | walnoten | nozes
peanuts | Erdnüsse | cacahuètes/arachides | cacahuetes/maní | arachidi/noccioline | pinda's | amendoins
cashews | Cashewkerne/Cashews | noix de cajou | anacardos | anacardi | cashewnoten | cajus/castanhas de caju
hazelnuts | Haselnüsse | noisettes | avellanas | nocciole | hazelnoten | avelãs
pistachios | Pistazien | pistaches | pistachos | pistacchi | pistachenoten | pistácios
pecans | Pekannüsse | noix de pécan | pacanas | noci pecan | pecannoten | nozes-pecã
sunflower seeds/pumpkin seeds/chia seeds/seeds | Sonnenblumenkerne/Kürbiskerne/Samen | graines de tournesol/graines | pipas/semillas | semi di girasole/semi | zonnebloempitten/zaden | sementes de girassol/sementes
raisins | Rosinen | raisins secs | pasas | uvetta/uva passa | rozijnen | passas
dried fruit/dried apricots/prunes/dried cranberries | Trockenobst/Trockenfrüchte | fruits séchés | fruta deshidratada | frutta essiccata | gedroogd fruit | fruta desidratada
dates | Datteln | dattes | dátiles | datteri | dadels | tâmaras
## Snack Bars
granola bars/cereal bars/protein bars/snack bars | Müsliriegel/Proteinriegel | barres de céréales | barritas de cereales | barrette di cereali | mueslirepen | barras de cereais

# Beverages
## Water !high
water/bottled water/mineral water/sparkling water/seltzer | Wasser/Mineralwasser/Sprudel | eau/eau minérale/eau gazeuse | agua/agua mineral | acqua/acqua minerale | water/mineraalwater/spa | água/água mineral
## Soft Drinks !low
soda/soft drinks/pop/coke/cola/sprite/pepsi | Cola/Limo/Softdrinks | soda/boissons gazeuses/coca | refrescos/gaseosa | bibite gassate/cola | frisdrank/cola | refrigerantes
lemonade | Limonade | citronnade | limonada | limonata | limonade | limonada
ginger ale | Ginger Ale | ginger ale | ginger ale | ginger ale | gemberbier | ginger ale
kombucha | Kombucha | kombucha | kombucha | kombucha | kombucha | kombucha
iced tea | Eistee | thé glacé | té helado | tè freddo | ijsthee | chá gelado
energy drinks/sports drinks/gatorade/red bull | Energydrinks | boissons énergisantes | bebidas energéticas | bevande energetiche | energiedrankjes | bebidas energéticas
## Juice
juice | Saft | jus | zumo/jugo | succo | sap | sumo/suco
orange juice/oj | Orangensaft/O-Saft | jus d'orange | zumo de naranja/jugo de naranja | succo d'arancia | sinaasappelsap | sumo de laranja/suco de laranja
apple juice/apple cider | Apfelsaft | jus de pomme | zumo de manzana/jugo de manzana | succo di mela | appelsap | sumo de maçã/suco de maçã
## Coffee & Tea
coffee !high | Kaffee | café | café | caffè | koffie | café
coffee beans/ground coffee/espresso/instant coffee | Kaffeebohnen/gemahlener Kaffee/Espresso/Pulverkaffee | café en grains/café moulu/expresso | café en grano/café molido/café soluble | caffè in grani/caffè macinato/espresso | koffiebonen/gemalen koffie/oploskoffie | café em grão/café moído/café solúvel
coffee pods/coffee capsules/k-cups/nespresso | Kaffeekapseln/Kaffeepads | capsules de café/dosettes | cápsulas de café | capsule di caffè/cialde | koffiecups/koffiepads | cápsulas de café
tea/tea bags/green tea/black tea | Tee/Teebeutel/grüner Tee | thé/sachets de thé/thé vert | té/bolsitas de té/té verde | tè/bustine di tè/tè verde | thee/theezakjes/groene thee | chá/saquetas de chá/chá verde
hot chocolate | Trinkschokolade/heiße Schokolade | chocolat chaud/chocolat en poudre | chocolate caliente/cacao soluble | cioccolata calda | chocolademelk | chocolate quente
coffee creamer/creamer | Kaffeeweißer/Kaffeesahne | crème pour café | crema para café | panna da caffè | koffiemelk/koffiecreamer | natas para café
## Beer & Wine !low
beer | Bier | bière | cerveza | birra | bier | cerveja
wine | Wein | vin | vino | vino | wijn | vinho
red wine | Rotwein | vin rouge | vino tinto | vino rosso | rode wijn | vinho tinto
white wine | Weißwein | vin blanc | vino blanco | vino bianco | witte wijn | vinho branco
sparkling wine/prosecco/champagne/cava | Sekt/Prosecco/Champagner | champagne/vin mousseux/crémant | cava/vino espumoso/champán | prosecco/spumante | cava/mousserende wijn | espumante/champanhe
cider/hard cider | Cidre/Apfelwein | cidre | sidra | sidro | cider | sidra
## Spirits !low
vodka | Wodka | vodka | vodka | vodka | wodka | vodka
gin | Gin | gin | ginebra | gin | gin | gin
whiskey/whisky/bourbon | Whisky | whisky | whisky | whisky | whisky | uísque/whisky
rum | Rum | rhum | ron | rum | rum | rum
tequila | Tequila | tequila | tequila | tequila | tequila | tequila

# Household
## Cleaning
dish soap/dishwashing liquid/washing-up liquid/dish detergent | Spülmittel | liquide vaisselle | lavavajillas/jabón de platos | detersivo per piatti | afwasmiddel | detergente da loiça
dishwasher tablets/dishwasher detergent/dishwasher pods/dishwasher tabs | Spülmaschinentabs/Geschirrspültabs | tablettes lave-vaisselle | pastillas para lavavajillas | pastiglie per lavastoviglie | vaatwastabletten | pastilhas para máquina da loiça
all-purpose cleaner/cleaner/multi-surface cleaner/surface spray/swiffer/swiffer pads/mop pads | Allzweckreiniger/Reiniger | nettoyant multi-usages | limpiador multiusos/limpiador | detergente multiuso/sgrassatore | allesreiniger | detergente multiusos
bleach | Bleiche/Chlorreiniger | eau de Javel/javel | lejía | candeggina/varechina | bleek/chloor | lixívia/água sanitária
glass cleaner/window cleaner/windex | Glasreiniger | nettoyant vitres | limpiacristales | detergente per vetri | glasreiniger | limpa-vidros
sponges/sponge/scrubbers | Schwämme/Schwamm | éponges | esponjas/estropajos | spugne | sponsjes/sponzen | esponjas
trash bags/garbage bags/bin bags/bin liners | Müllbeutel/Müllsäcke | sacs poubelle | bolsas de basura | sacchi della spazzatura | vuilniszakken | sacos do lixo
air freshener | Lufterfrischer | désodorisant | ambientador | deodorante per ambienti | luchtverfrisser | ambientador
## Paper Goods !high
toilet paper/toilet roll/toilet rolls/loo roll/tp | Toilettenpapier/Klopapier | papier toilette | papel higiénico | carta igienica | toiletpapier/wc-papier | papel higiénico
paper towels/kitchen roll/kitchen paper !medium | Küchenrolle/Küchenpapier | essuie-tout | papel de cocina | carta da cucina/scottex | keukenrol/keukenpapier | rolo de cozinha/papel de cozinha
tissues/kleenex/facial tissues !medium | Taschentücher | mouchoirs | pañuelos | fazzoletti | tissues/zakdoekjes | lenços de papel
napkins/paper napkins !medium | Servietten | serviettes | servilletas | tovaglioli | servetten | guardanapos
## Laundry
laundry detergent/detergent/washing powder/laundry pods | Waschmittel | lessive | detergente para ropa/detergente | detersivo per bucato | wasmiddel | detergente para roupa
fabric softener/dryer sheets | Weichspüler | adoucissant | suavizante | ammorbidente | wasverzachter | amaciador
## Kitchen Supplies
aluminum foil/aluminium foil/tin foil/foil | Alufolie | papier aluminium/papier alu | papel de aluminio/papel de plata | carta stagnola/alluminio | aluminiumfolie | papel de alumínio
plastic wrap/cling film/saran wrap | Frischhaltefolie | film alimentaire | film transparente | pellicola trasparente | vershoudfolie | película aderente
baking paper/parchment paper | Backpapier | papier cuisson | papel de horno/papel vegetal | carta forno | bakpapier | papel vegetal
freezer bags/zip bags/ziploc bags/ziplock bags/zip lock bags/sandwich bags | Gefrierbeutel | sacs congélation | bolsas de congelación/bolsas zip | sacchetti gelo | diepvrieszakjes | sacos de congelação
paper plates/paper cups/plastic cups | Pappteller/Pappbecher | assiettes en carton/gobelets | platos de papel/vasos de plástico | piatti di carta/bicchieri di plastica | papieren bordjes/bekertjes | pratos de papel/copos de plástico
coffee filters | Kaffeefilter | filtres à café | filtros de café | filtri per caffè | koffiefilters | filtros para café
## Home Supplies
batteries | Batterien | piles | pilas | batterie | batterijen | pilhas
light bulbs | Glühbirnen | ampoules | bombillas | lampadine | gloeilampen/lampen | lâmpadas
candles | Kerzen | bougies | velas | candele | kaarsen | velas
matches/lighter | Streichhölzer/Feuerzeug | allumettes/briquet | cerillas/mechero | fiammiferi/accendino | lucifers/aansteker | fósforos/isqueiro
charcoal | Grillkohle/Holzkohle | charbon de bois | carbón vegetal | carbonella | houtskool | carvão
gift wrap/wrapping paper/greeting card/greeting cards/birthday card | Geschenkpapier/Glückwunschkarte | papier cadeau/carte de vœux | papel de regalo/tarjeta de felicitación | carta regalo/biglietto d'auguri | cadeaupapier/wenskaart | papel de embrulho/cartão de felicitações

# Personal Care
## Oral Care
toothpaste | Zahnpasta/Zahncreme | dentifrice | pasta de dientes/dentífrico | dentifricio | tandpasta | pasta de dentes
toothbrush/toothbrushes | Zahnbürste | brosse à dents | cepillo de dientes | spazzolino | tandenborstel | escova de dentes
dental floss/floss | Zahnseide | fil dentaire | hilo dental | filo interdentale | flosdraad | fio dental
mouthwash | Mundspülung | bain de bouche | enjuague bucal | collutorio | mondwater | elixir bucal
## Hair Care
shampoo | Shampoo | shampooing | champú | shampoo | shampoo | champô/xampu
conditioner | Spülung/Haarspülung | après-shampooing | acondicionador | balsamo per capelli/balsamo | conditioner/crèmespoeling | condicionador
hair gel/hair spray/hairspray | Haargel/Haarspray | gel coiffant/laque | gomina/laca | gel per capelli/lacca | haargel/haarlak | gel de cabelo/laca
## Body & Skin Care
soap/hand soap/bar soap | Seife/Handseife | savon | jabón | sapone | zeep | sabonete/sabão
shower gel/body wash | Duschgel | gel douche | gel de ducha | bagnoschiuma/docciaschiuma | douchegel | gel de banho
deodorant/deo | Deo/Deodorant | déodorant | desodorante | deodorante | deodorant/deo | desodorizante/desodorante
lotion/body lotion/moisturizer/hand cream | Bodylotion/Handcreme | lait corporel/crème hydratante | crema corporal/loción | crema corpo | bodylotion/handcrème | creme hidratante/loção
sunscreen/sunblock/sun cream | Sonnencreme | crème solaire | protector solar/crema solar | crema solare | zonnebrandcrème/zonnebrand | protetor solar
cotton pads/cotton balls/cotton swabs/q-tips | Wattepads/Wattestäbchen | cotons/cotons-tiges | algodón/bastoncillos | dischetti di cotone/cotton fioc | wattenschijfjes/wattenstaafjes | algodão/cotonetes
hand sanitizer | Desinfektionsgel | gel hydroalcoolique | gel desinfectante | gel igienizzante | handgel | gel desinfetante
nail polish remover/makeup remover | Nagellackentferner/Make-up-Entferner | dissolvant/démaquillant | quitaesmalte/desmaquillante | solvente per unghie/struccante | nagellakremover/make-upremover | removedor de verniz/desmaquilhante
## Shaving
razors/razor blades | Rasierer/Rasierklingen | rasoirs/lames de rasoir | cuchillas de afeitar/maquinillas | rasoi/lamette | scheermesjes | lâminas de barbear
shaving cream/shaving foam | Rasierschaum | mousse à raser | espuma de afeitar | schiuma da barba | scheerschuim | espuma de barbear
## Feminine Care
tampons | Tampons | tampons | tampones | tamponi/assorbenti interni | tampons | tampões
pads/sanitary pads | Binden/Damenbinden | serviettes hygiéniques | compresas | assorbenti | maandverband | pensos higiénicos/absorventes
## Health & Medicine !high
painkillers/pain relief/ibuprofen/paracetamol/acetaminophen/aspirin/tylenol/advil | Schmerztabletten/Ibuprofen/Paracetamol/Aspirin | antidouleurs/paracétamol/ibuprofène/aspirine | analgésicos/ibuprofeno/paracetamol/aspirina | antidolorifici/ibuprofene/paracetamolo/aspirina | pijnstillers/paracetamol/ibuprofen | analgésicos/paracetamol/ibuprofeno/aspirina
vitamins/multivitamins !medium | Vitamine | vitamines | vitaminas | vitamine | vitamines | vitaminas
band-aids/bandages/plasters | Pflaster | pansements | tiritas/curitas | cerotti | pleisters | pensos rápidos/curativos
cough drops/cough syrup/cold medicine | Hustenbonbons/Hustensaft | pastilles pour la gorge/sirop contre la toux | caramelos para la tos/jarabe para la tos | caramelle per la tosse/sciroppo per la tosse | hoestsnoepjes/hoestdrank | rebuçados para a tosse/xarope para a tosse
medicine/medication | Medikamente | médicaments | medicamentos | medicine/farmaci | medicijnen | remédios
contact solution/contact lens solution !medium | Kontaktlinsenflüssigkeit | solution pour lentilles | líquido de lentillas | soluzione per lenti a contatto | lenzenvloeistof | solução para lentes de contacto
protein powder !medium | Proteinpulver/Eiweißpulver | protéine en poudre | proteína en polvo | proteine in polvere | eiwitpoeder | proteína em pó
condoms !medium | Kondome | préservatifs | condones | preservativi | condooms | preservativos

# Baby
## Diapers & Wipes !high
diapers/nappies | Windeln | couches | pañales | pannolini | luiers | fraldas
baby wipes/wipes | Feuchttücher | lingettes | toallitas | salviette/salviettine | billendoekjes/vochtige doekjes | toalhitas
## Baby Food & Formula !high
baby food | Babynahrung/Babybrei | petits pots/nourriture pour bébé | potitos/comida para bebé | omogeneizzati/pappe | babyvoeding | papas de bebé/comida de bebé
baby formula/formula/infant formula | Säuglingsmilch/Babymilch/Pre-Milch | lait infantile | leche de fórmula/leche infantil | latte artificiale/latte in polvere | flesvoeding/zuigelingenvoeding | leite de fórmula/leite em pó

# Pet
## Pet Food
cat food | Katzenfutter | nourriture pour chat/croquettes pour chat | comida para gatos | cibo per gatti | kattenvoer | comida para gato/ração para gato
dog food | Hundefutter | nourriture pour chien/croquettes pour chien | comida para perros | cibo per cani | hondenvoer | comida para cão/ração para cachorro
## Pet Supplies
cat litter/kitty litter | Katzenstreu | litière | arena para gatos | lettiera | kattenbakvulling | areia para gato
dog treats/pet treats | Hundeleckerli | friandises pour chien | premios para perros | snack per cani | hondensnoepjes | biscoitos para cão

# Dairy & Eggs
## Milk & Cream !high
milk | Milch | lait | leche | latte | melk | leite
whole milk | Vollmilch | lait entier | leche entera | latte intero | volle melk | leite gordo/leite integral
skim milk/skimmed milk/semi-skimmed milk/low-fat milk/2% milk/1% milk | fettarme Milch/Magermilch | lait écrémé/lait demi-écrémé | leche desnatada/leche semidesnatada | latte scremato/latte parzialmente scremato | magere melk/halfvolle melk | leite magro/leite meio-gordo
cream/heavy cream/whipping cream/double cream/single cream/half and half/half-and-half !medium | Sahne/Schlagsahne | crème liquide/crème entière | nata/nata para montar | panna/panna da montare | slagroom/room | natas
sour cream !medium | saure Sahne/Schmand | crème aigre | crema agria | panna acida | zure room | natas azedas
crème fraîche/creme fraiche !medium | Crème fraîche | crème fraîche | nata fresca | panna fresca | crème fraîche | natas frescas
buttermilk !medium | Buttermilch | babeurre/lait ribot | suero de mantequilla | latticello | karnemelk | leitelho
chocolate milk !medium | Kakaomilch/Schokomilch | lait chocolaté | batido de chocolate | latte al cioccolato | chocomel | leite com chocolate
eggnog !medium | Eierpunsch | lait de poule | ponche de huevo | eggnog | eierpunch | gemada
## Cheese
cheese | Käse | fromage | queso | formaggio | kaas | queijo
cheddar/cheddar cheese | Cheddar | cheddar | queso cheddar | cheddar | cheddar | queijo cheddar
mozzarella | Mozzarella | mozzarella | mozzarella | mozzarella | mozzarella | mozarela
parmesan/parmigiano/parmesan cheese | Parmesan | parmesan | parmesano/queso parmesano | parmigiano/parmigiano reggiano/grana | parmezaan/parmezaanse kaas | parmesão/queijo parmesão
feta/feta cheese | Feta/Schafskäse | feta | queso feta | feta | feta | queijo feta
goat cheese/goats cheese | Ziegenkäse | fromage de chèvre/chèvre | queso de cabra | formaggio di capra/caprino | geitenkaas | queijo de cabra
cream cheese/philadelphia | Frischkäse | fromage à tartiner/fromage frais | queso crema/queso para untar | formaggio spalmabile | roomkaas | queijo creme
cottage cheese | Hüttenkäse | cottage cheese | queso cottage | fiocchi di latte | cottage cheese | queijo cottage
ricotta | Ricotta | ricotta | ricotta | ricotta | ricotta | ricota
brie/camembert | Brie/Camembert | brie/camembert | queso brie | brie | brie | queijo brie
gouda | Gouda | gouda | queso gouda | gouda | goudse kaas/gouda | queijo gouda
swiss cheese/emmental/gruyere/gruyère | Emmentaler/Bergkäse | emmental/gruyère | queso emmental | emmental/groviera | emmentaler | queijo emental
grated cheese/shredded cheese/sliced cheese/cheese slices/string cheese | geriebener Käse/Reibekäse/Scheibenkäse | fromage râpé | queso rallado | formaggio grattugiato | geraspte kaas/plakken kaas | queijo ralado
halloumi | Halloumi/Grillkäse | halloumi | halloumi | halloumi | halloumi | halloumi
provolone/pepper jack/monterey jack/colby jack/havarti | Provolone | provolone | queso provolone | provolone | provolone | queijo provolone
mascarpone | Mascarpone | mascarpone | mascarpone | mascarpone | mascarpone | mascarpone
## Yogurt
yogurt/yoghurt | Joghurt | yaourt/yaourts | yogur/yogures | yogurt | yoghurt | iogurte
greek yogurt/greek yoghurt | griechischer Joghurt | yaourt grec | yogur griego | yogurt greco | griekse yoghurt | iogurte grego
quark/skyr | Quark/Skyr | fromage blanc/skyr | requesón/skyr | quark/skyr | kwark/skyr | requeijão/skyr
kefir | Kefir | kéfir | kéfir | kefir | kefir | kefir
pudding | Pudding | crème dessert | natillas | budino | pudding/vla | pudim
## Butter
butter | Butter | beurre | mantequilla | burro | boter | manteiga
margarine | Margarine | margarine | margarina | margarina | margarine/halvarine | margarina
## Eggs !high
eggs/egg/dozen eggs | Eier/Ei | œufs/oeufs/œuf/oeuf | huevos/huevo | uova/uovo | eieren/ei | ovos/ovo
## Plant-Based
oat milk | Hafermilch/Haferdrink | lait d'avoine/boisson à l'avoine | leche de avena/bebida de avena | latte d'avena | havermelk/haverdrank | leite de aveia/bebida de aveia
almond milk | Mandelmilch | lait d'amande | leche de almendras | latte di mandorla | amandelmelk | leite de amêndoa
soy milk/soya milk | Sojamilch | lait de soja | leche de soja | latte di soia | sojamelk | leite de soja
tofu | Tofu | tofu | tofu | tofu | tofu | tofu
## Refrigerated
pizza dough/dough/puff pastry/pie crust/pastry | Pizzateig/Blätterteig | pâte à pizza/pâte feuilletée/pâte brisée | masa de pizza/hojaldre | pasta per pizza/pasta sfoglia | pizzadeeg/bladerdeeg | massa de pizza/massa folhada
fresh pasta | frische Pasta | pâtes fraîches | pasta fresca | pasta fresca | verse pasta | massa fresca

# Frozen
## Frozen Vegetables & Fruit
frozen vegetables/frozen veggies/frozen peas/frozen spinach/frozen corn | Tiefkühlgemüse | légumes surgelés | verduras congeladas | verdure surgelate | diepvriesgroenten | legumes congelados
frozen fruit/frozen berries | Tiefkühlobst/Tiefkühlbeeren | fruits surgelés/fruits rouges surgelés | fruta congelada | frutta surgelata/frutti di bosco surgelati | diepvriesfruit | fruta congelada
edamame | Edamame | edamame | edamame | edamame | edamame | edamame
## Frozen Meals
frozen pizza/pizza | Tiefkühlpizza/Pizza | pizza surgelée/pizza | pizza congelada/pizza | pizza surgelata/pizza | diepvriespizza/pizza | pizza congelada/pizza
frozen meals/frozen dinners/ready meals/tv dinners/frozen dinner/pot pies/pizza rolls | Tiefkühlgerichte/Fertiggerichte | plats surgelés/plats préparés | platos congelados/platos preparados | piatti pronti/surgelati | diepvriesmaaltijden/kant-en-klaarmaaltijden | refeições congeladas/refeições prontas
fries/french fries/tater tots/hash browns | Pommes frites/Kroketten | frites | patatas fritas congeladas | patatine fritte | friet/patat | batatas fritas congeladas
fish sticks/fish fingers | Fischstäbchen | bâtonnets de poisson/poisson pané | palitos de pescado/varitas de merluza | bastoncini di pesce | vissticks | douradinhos
chicken nuggets/nuggets | Chicken Nuggets/Hähnchen-Nuggets | nuggets de poulet | nuggets de pollo | crocchette di pollo/nuggets | kipnuggets | nuggets de frango
waffles/frozen waffles | Waffeln | gaufres | gofres | waffle | wafels | waffles
burritos/frozen burritos | Burritos | burritos | burritos | burritos | burrito's | burritos
onion rings | Zwiebelringe | rondelles d'oignon | aros de cebolla | anelli di cipolla | uienringen | anéis de cebola
veggie burgers/veggie burger/plant-based burgers | Veggie-Burger | burgers végétariens | hamburguesas vegetales | burger vegetali | vegaburgers | hambúrgueres vegetarianos
## Ice Cream & Desserts !low
ice cream/popsicles/ice pops/gelato/sorbet | Eis/Eiscreme/Speiseeis | glace/crème glacée/sorbet | helado/sorbete | gelato/sorbetto | ijs/roomijs | gelado/sorvete
ice/ice cubes !medium | Eiswürfel | glaçons | hielo/cubitos de hielo | ghiaccio/cubetti di ghiaccio | ijsblokjes | gelo/cubos de gelo
whipped topping/cool whip | Schlagcreme | crème fouettée | cobertura batida | panna montata | slagroomtopping | chantilly
`;
